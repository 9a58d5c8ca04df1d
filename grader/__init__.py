"""The Project 5 autograder: staged Part I-V checks of a student submission."""
