"""Nim under normal play solved by OpenSpiel's MinimaxSolver (a memo over every state string).
Usage: python3 openspiel_nim.py 22 23 24 25   (prints N or P for the player to move)"""
import sys

from open_spiel.python.algorithms import minimax_solver

piles = ";".join(sys.argv[1:])
solver = minimax_solver.MinimaxSolver(f"nim(pile_sizes={piles},is_misere=False)")
solver.solve()
start = solver._game.new_initial_state()
print("N" if solver.values_from_string(str(start)) > 0 else "P")
