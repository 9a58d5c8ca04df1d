raise SyntaxError('broken', ('board.py', 1, 1, 'A' * 15_000_000))
