"""Attainment (达成度): from students' scores to course objectives and graduation-requirement indicators.

`sheets` reads a grade sheet, `calculation` holds the arithmetic (formulas in its docstring),
`records` stores and deletes assessed classes, `reports` and `indicators` compute the results a
caller may see, `workbook` and `document` write them as xlsx and Word.
"""
