raise SyntaxError('broken', ('board.py', 1, 1, 'A'))
