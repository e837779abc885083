"""Nine Powers (seed 004, RULES.md section NP): lowest-die skill pools, Stamina and Armor.

Modules: `pools` (dice pools, difficulties), `odds` (exact chances), `damage` (Armor, Stamina,
defeat), `stats` (stat block, BrikWars conversion), `conditions` (vetoes, marks, wrestling
effects), `resolve` (one turn of each kind).
"""
