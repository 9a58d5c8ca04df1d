raise ImportError('deque.py is missing (honest twin)')
