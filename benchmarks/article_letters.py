# ruff: noqa: SIM102, SIM115, UP015  (the published code, kept as written)
"""The Russian article's algorithm («Кто первым закончит слово?»), transcribed from the
article's notebook cells 2-13 as one script, for a side-by-side cold start.

    python benchmarks/article_letters.py russian_nouns.txt

The notebook's code is kept as written (its comments translated away, its
cell outputs turned into prints), so the timing is that of the published
algorithm: sorted prefixes, successor lists by scanning, and repeated passes
of backward induction over every undecided position.
"""

import sys

import numpy as np
from tqdm import tqdm, trange  # noqa: F401  (the notebook imports both)

f = open(sys.argv[1], "r", encoding="utf-8")
words = []
while True:
    line = f.readline()
    if not line:
        break
    words.append(line.strip())
f.close()
print("words", len(words))

words = sorted(words)
N = len(words)
to_delete = np.zeros(len(words), dtype="bool")
for i in trange(N - 1):
    j = i + 1
    while words[j][: len(words[i])] == words[i]:
        to_delete[j] = True
        j += 1
        if j == N:
            break
words = [words[i] for i in range(len(words)) if not to_delete[i]]
print("reachable", len(words))

positions = [""]
for word in words:
    for i in range(1, len(word) + 1):
        positions.append(word[:i])
positions = tuple(sorted(set(positions)))
N = len(positions)
print("positions", N)

res = np.zeros(N)
first_move = []
for i in range(N):
    if len(positions[i]) % 2 == 0:
        first_move.append(True)
    else:
        first_move.append(False)
is_def = np.zeros(N)

j = 0
for i in trange(len(words)):
    while words[i] != positions[j]:
        j += 1
    if first_move[j]:
        res[j] = 2
    else:
        res[j] = 1
    is_def[j] = 1
assert is_def.sum() == len(words)

next_pos = []
for i in trange(N):
    next_i = []
    for j in range(i + 1, N):
        if len(positions[i]) > len(positions[j]):
            break
        if len(positions[i]) + 1 == len(positions[j]):
            if positions[i] == positions[j][: len(positions[j]) - 1]:
                next_i.append(j)
    next_pos.append(next_i)

while is_def.sum() < N:
    for i in range(N):
        if is_def[i] == 0:
            is_win = False
            is_lose = True
            if first_move[i]:
                for m in next_pos[i]:
                    if res[m] == 0:
                        is_lose = False
                    if res[m] == 1:
                        is_lose = False
                        is_win = True
                if is_win:
                    res[i] = 1
                    is_def[i] = 1
                if is_lose:
                    res[i] = 2
                    is_def[i] = 1
            else:
                for m in next_pos[i]:
                    if res[m] == 0:
                        is_lose = False
                    if res[m] == 2:
                        is_lose = False
                        is_win = True
                if is_win:
                    res[i] = 2
                    is_def[i] = 1
                if is_lose:
                    res[i] = 1
                    is_def[i] = 1

print("winner", int(res[0]))
for m in next_pos[0]:
    print(str(positions[m]) + " " + str(int(res[m])))
