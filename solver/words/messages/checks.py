"""Rule conflicts, diagnoses, typo fixes and parse errors (grid, diagnose, typos, parse, formats, sources).

Field names: ``cell``/``cells`` cells, ``digit`` a digit, ``n`` a count; ``why``, ``head``,
``fix``, ``first``/``second`` are other messages.  Line and column numbers and byte
offsets are positions in a file (written plainly, never grouped).  ``ch``, ``item``,
``tok``, ``pair`` are what the user typed, quoted (``'h'``) or a message such as "a tab";
``name`` is a file's path, quoted.
"""
TEMPLATES = {
    # grid.py: a cell for people
    "cell_label": "{cell:cell} ({cell:cellwords})",

    # diagnose.py: rule conflicts (times: one of the count words below)
    "conflict_row": "Row {row} has {times} {digit}s: {cells:cells}",
    "conflict_col": "Column {col} has {times} {digit}s: {cells:cells}",
    "conflict_box": "Box {box} has {times} {digit}s: {cells:cells}",
    "count_word_2": "two",
    "count_word_3": "three",
    "count_word_4": "four",
    "count_word_5": "five",
    "count_word_6": "six",
    "count_word_7": "seven",
    "count_word_8": "eight",
    "count_word_9": "nine",

    # diagnose.py: the one line for a status bar (Diagnosis.summary)
    "summary_unique": "Unique solution \u2713",
    "summary_conflicts": ("{n:n} rule conflict: {conflict}", "{n:n} rule conflicts: {conflict}", "n"),
    "summary_conflicts_none": "Rule conflicts",
    "summary_multiple": ("More than one solution (they differ in {n:n} cell)",
                         "More than one solution (they differ in {n:n} cells)", "n"),
    "summary_multiple_given": ("More than one solution (they differ in {n:n} cell); adding {cell:cell} = {digit} "
                              "makes it unique",
                              "More than one solution (they differ in {n:n} cells); adding {cell:cell} = {digit} "
                              "makes it unique", "n"),
    "summary_no_solution": "No solution",
    "summary_fix": "{head}; likeliest fix: {fix}",
    "summary_fixes": "{head}; possible fixes: {fixes}",
    "fix_either": "{first} or {rest}",
    "summary_check": "{head}: check {cells:cells}",
    "summary_check_more": "{head}: check {cells:cells} or another given",

    # diagnose.py: findings
    "placed_digit": "{cell:cell} = {digit}",
    "list_comma": "{first}, {rest}",
    "list_more": "{items}, \u2026",
    "contradiction_after": ("Once the {n:n} digit the givens force is filled in ({placed}), {finding}",
                            "Once the {n:n} digits the givens force are filled in ({placed}), {finding}", "n"),
    # holders: the cells of its row, column and box that hold 1..9 (one each)
    "dead_cell": "{cell:cell} ({cell:cellwords}) has no possible digit: its row, column and box "
                 "already hold 1, 2, 3, 4, 5, 6, 7, 8 and 9.",
    "no_place": "{digit} has no place left in {unit:unit}: every blank cell there already "
                "sees a {digit} in its row, column or box.",
    "too_few_givens": ("Only {n:n} given: a Sudoku needs at least {min} givens to have a unique solution, "
                      "so this one cannot be unique.",
                      "Only {n:n} givens: a Sudoku needs at least {min} givens to have a unique solution, "
                      "so this one cannot be unique.", "n"),
    "empty_grid": "The grid is empty: a Sudoku needs at least {min} givens to have a unique solution, "
                  "so this one cannot be unique.",
    "missing_two_digits": "Digits {digits:digits} never appear: they could be swapped in any solution, "
                          "so the puzzle cannot have a unique solution.",
    "missing_digits": "Digits {digits:digits} never appear: any two of them could be swapped in any "
                      "solution, so the puzzle cannot have a unique solution.",
    "no_solution_fixable": "The puzzle has no solution, although no rule is broken yet.",
    "no_solution_only_solvable": "The puzzle has no solution, and no single slip gives it exactly one: "
                                 "the fixes below only make it solvable.",
    "no_solution_unexplained": "The puzzle has no solution, and no slip explains it (no wrong, moved, "
                               "swapped or extra digit, nor two wrong digits): more than that must be wrong.",
    "no_solution_out_of_time": "The puzzle has no solution, and no single slip explains it (the search "
                               "for two slips ran out of time).",
    "multiple_found": ("The puzzle has more than one solution: two of them differ in {n:n} cell "
                       "({cells:cellcomma}). {note}",
                       "The puzzle has more than one solution: two of them differ in {n:n} cells "
                       "({cells:cellcomma}). {note}", "n"),
    "multiple_found_more": ("The puzzle has more than one solution: two of them differ in {n:n} cell "
                            "({cells:cellcomma}, \u2026). {note}",
                            "The puzzle has more than one solution: two of them differ in {n:n} cells "
                            "({cells:cellcomma}, \u2026). {note}", "n"),
    "given_adds": "Adding {cell:cell} = {digit} makes it unique.",
    "given_too_few": "No single added clue can make it unique: a unique puzzle needs at least {min} givens "
                    "and this one has {n:n}.",
    "given_missing_digits": "No single added clue can make it unique: with three or more digits missing, "
                           "two of them would still be interchangeable.",
    "given_none": "No single added clue makes it unique: in each blank cell, every digit of its {n:n} "
                 "solutions appears in at least two of them.",
    "given_not_found": "No single clue that makes it unique was found in the time allowed "
                      "(it has at least {n:n} solutions).",

    # diagnose.py: a student's entries (EntryCheck.message)
    "entries_conflict": "Rule conflict: {conflict}",
    "entries_conflicts": ("{n:n} rule conflict, e.g. {conflict}", "{n:n} rule conflicts, e.g. {conflict}", "n"),
    "entries_unsolvable": "The puzzle itself has no unique solution, so entries cannot be checked: {reason}",
    "entries_wrong": ("{n:n} of your entries is wrong", "{n:n} of your entries are wrong", "n"),
    "entries_none": "You have not entered any digits yet",
    "entries_solved": ("Solved! All {n:n} of your entries are correct",
                       "Solved! All {n:n} of your entries are correct", "n"),
    "entries_one_ok": "Your entry is correct so far",
    "entries_ok": ("All {n:n} of your entries are correct so far",
                   "All {n:n} of your entries are correct so far", "n"),

    # typos.py: one slip, in a sentence (Explanation.message); "cap" starts it with a capital (a cell
    # name keeps its own case: "r2c5: you typed …")
    "typo_wrong_digit": "{cell:cell}: you typed {old}, the puzzle works with {new} there",
    "typo_wrong_digit_why": "{cell:cell}: you typed {old}, the puzzle works with {new} there; {why}",
    "typo_look_alike": "{a} and {b} look alike",
    "typo_keypad": "{a} and {b} are next to each other on a keypad",
    "typo_extra": "{cell:cell}: the {digit} there may not be part of the puzzle",
    "typo_left_out": "{cell:cell} is empty: a given {digit} may have been left out there",
    "typo_shifted_right": "{src:cell}: the {digit} may belong one cell to the right, in {dst:cell}",
    "typo_shifted_left": "{src:cell}: the {digit} may belong one cell to the left, in {dst:cell}",
    "typo_shifted_down": "{src:cell}: the {digit} may belong one cell down, in {dst:cell}",
    "typo_shifted_up": "{src:cell}: the {digit} may belong one cell up, in {dst:cell}",
    "typo_swapped": "{a:cell} and {b:cell}: the {da} and {db} may be the other way round",
    "typo_two": "{first}; and {second}",
    "typo_unique": "{edits:cap}. With that fix the puzzle has exactly one solution.",
    "typo_several": "{edits:cap}. With that fix the puzzle is solvable, but it still has several solutions.",

    # typos.py: the fix in a few words (short_fix), for a button or a status line
    "fix_wrong_digit": "{cell:cell} {old} \u2192 {new}",
    "fix_extra": "remove the {digit} in {cell:cell}",
    "fix_left_out": "add {digit} in {cell:cell}",
    "fix_shifted": "move the {digit} from {src:cell} to {dst:cell}",
    "fix_swapped": "swap {a:cell} and {b:cell}",
    "fix_two": "{first}, {second}",

    # typos/paper.py and check --ask: compare with your paper
    "paper_question": "What does your paper show in {cell:cell}?",
    "paper_region": "Which of {cells:cells} shows something else on your paper?",
    "paper_region_help": ("Compare them with your paper and type each cell that differs with the digit your "
                          "paper shows there ({cell:cell} 9, {cell:cell} . for a blank, several separated "
                          "by spaces), = when all are the same; Enter alone stops."),
    "paper_region_bad": ("{text} is not an answer: type cells of the list, each with a digit ({cell:cell} 9, "
                         "{cell:cell} . for a blank), or = when all are the same."),
    "paper_blank": "blank",
    "paper_answer_help": "Type the digit your paper shows there, 0 or . for a blank; Enter alone stops.",
    "paper_bad_answer": "{text} is not an answer: type one digit 1 to 9, or 0 or . for a blank.",
    "paper_settled": "Your paper settles it: {fix}.",
    "paper_no_slip": "Your paper agrees with the grid: no slip found.",
    "paper_none_left": "No fix agrees with your paper: compare the givens row by row.",
    "paper_stopped": "Stopped before a fix was settled; the likeliest so far: {fix}.",
    "summary_fix_paper": "{head}; your paper confirms the fix: {fix}",

    # formats.py: where a parse error is, and what it is
    "parse_at_line": "line {line}: {why}",
    "parse_at_line_column": "line {line}, column {column}: {why}",
    "parse_at_column": "column {column}: {why}",
    "parse_plain": "{text}",
    "char_tab": "a tab",
    "char_code": "the character U+{hex}",
    "parse_no_cells": "no cells here, a puzzle has 81",
    "parse_not_cell": "{ch} is not a digit or a blank (blanks: {blanks})",
    "parse_after_cells": "{ch} follows the 81 cells; separate other text with a space",
    "parse_cell_count": ("found {n:n} cell, a puzzle has 81", "found {n:n} cells, a puzzle has 81", "n"),
    "parse_cell_count_spaces": ("found {n:n} cell, a puzzle has 81 (a space counts as a blank only in a line "
                                "of exactly 81 characters)",
                                "found {n:n} cells, a puzzle has 81 (a space counts as a blank only in a line "
                                "of exactly 81 characters)", "n"),
    "parse_csv_short_row": "the row has {n:n} fields, the '{name}' column is field {k}",
    "parse_csv_no_field": "no field holds a puzzle of 81 cells",
    "parse_board_item": "{item} in the board is not a digit 0-9",
    "parse_board_empty": "the board holds no rows of digits",
    "parse_board_row": ("a row of the board has {n:n} number, a row has 9",
                        "a row of the board has {n:n} numbers, a row has 9", "n"),
    "parse_board_rows": ("the board has {n:n} row, a puzzle has 9", "the board has {n:n} rows, a puzzle has 9", "n"),
    "parse_drawing_row": ("found {n:n} cells, a row has 9", "found {n:n} cells, a row has 9", "n"),
    "parse_drawing_frames": "found no cells, only frame lines",
    "parse_drawing_rows": ("found {n:n} row of cells, a puzzle has 9",
                           "found {n:n} rows of cells, a puzzle has 9", "n"),
    "parse_drawing_rows_many": ("found {n:n} row of cells, a puzzle has 9 (or a multiple of 9 for several puzzles)",
                                "found {n:n} rows of cells, a puzzle has 9 (or a multiple of 9 for several "
                                "puzzles)", "n"),
    "parse_not_text": "expected text, got {type}",
    "parse_empty_text": "the text is empty",
    "parse_nul": "the text holds binary data (a NUL character), not a puzzle",
    "parse_only_comments": "the text holds no puzzle, only comments",
    "parse_link": "the link's bd= value: {why}",
    "parse_header_only": "the text holds a CSV header but no puzzle rows",

    # parse.py
    "parse_data_too_long": "the data is too long to read ({size}; the limit is {limit})",
    "parse_text_too_long": "the text is too long to read ({n:n} characters; the limit is {limit:n})",
    "parse_several": ("the text holds {n:n} puzzle, not one; open it as a collection to browse them",
                      "the text holds {n:n} puzzles, not one; open it as a collection to browse them", "n"),
    "data_utf16": "the data starts like UTF-16 text but cannot be read as it",
    "data_binary": "the data is not a text file (it holds binary data: a NUL byte at offset {offset})",
    "data_not_utf8": "the data does not look like a text file: byte 0x{byte} at line {line} (offset {offset}) "
                     "is not UTF-8",

    # sources.py: streams and files
    "parse_line_too_long_bytes": "the line is longer than {limit:n} bytes, the limit for one line; it was skipped",
    "parse_line_too_long_chars": "the line is longer than {limit:n} characters, the limit for one line; "
                                 "it was skipped",
    "parse_binary_stream": "the input holds binary data (a NUL byte), not text; reading stopped here",
    "parse_line_not_utf8": "the line is not text: byte 0x{byte} at column {column} is not UTF-8",
    "parse_utf16_stream": "the input starts like UTF-16 text but cannot be read as it",
    "parse_line_not_utf8_error": "the line is not UTF-8 text ({error})",
    "file_utf16": "{name} starts like UTF-16 text but cannot be read as it",
    "file_binary": "{name} is not a text file (it holds binary data: a NUL byte at offset {offset})",
    "file_not_utf8": "{name} does not look like a text file: byte 0x{byte} at line {line} (offset {offset}) "
                     "is not UTF-8",
    "file_folder": "{name} is a folder, not a puzzle file",
    "file_not_regular": "{name} is not a regular file",
    "file_too_large_stream": "{name} is too large to open ({size}; the limit is {limit}); the command line "
                             "streams big files",
    "file_missing": "there is no file {name}",
    "file_permission": "cannot read {name}: permission denied",
    "file_unreadable": "cannot read {name}: {why}",
    "file_too_large": "{name} is too large to open",
    "file_over_limit": "{name} is too large to open (over {limit})",
    "file_empty": "{name} is empty",
    "file_at": "{name}, {why}",
    "file_error": "{name}: {why}",
    "file_it_empty": "it is empty",
    "file_only_comments": "the file holds no puzzle, only comments",
    "file_header_only": "the file holds a CSV header but no puzzle rows",
    "file_too_many": "{name} holds too many puzzles to open at once",
    "size_mb": "{mb:0} MB",
    "size_bytes": "{n:n} bytes",

    # marks.py: pencil-mark grids and S9B links
    "marks_link_length": "the link's bd=S9B value has {n:n} characters after S9B; it needs 162 "
                         "(two for each of the 81 cells)",
    "marks_link_pair": "the link's bd=S9B value: {pair} (cell {cell:cell}) is not two base-36 characters (0-9, a-z)",
    "marks_link_value": "the link's bd=S9B value: {pair} (cell {cell:cell}) is {value}, not a digit (1-18) "
                        "or candidates (19-{top})",
    "marks_row_cells": ("found {n:n} cells, a row of the pencil-mark grid has 9",
                        "found {n:n} cells, a row of the pencil-mark grid has 9", "n"),
    "marks_bad_token": "{tok} is not a digit or candidates 1-9 (a blank is . or 0)",
    "marks_twice": "{tok} names a candidate twice",
    "marks_rows": ("found {n:n} rows of cells, a pencil-mark grid has 9",
                   "found {n:n} rows of cells, a pencil-mark grid has 9", "n"),
    "marks_mixed": "a cell holds {tok}, several digits, among blank cells: a drawn grid has one digit a cell, "
                   "and a pencil-mark grid needs candidates in every blank cell",
    "marks_no_digit": "no cell holds a single digit: a table of numbers, not a Sudoku (a pencil-mark grid "
                      "shows the givens as single digits)",
    "parse_frame_line": "a line of frame characters (- or * and no digit) is a frame, not a puzzle; "
                        "an empty puzzle is written with . or 0",

    # printing/checkcode.py: the check code printed under a puzzle, typed back to compare
    "print_check_code": "Check code: {check}",
    "code_empty": "No check code typed: it is the ten characters printed under the puzzle, such as 7KD-3QX-9MP-R.",
    "code_character": "The check code cannot be read: character {position}, '{char}', is not used in check codes "
                      "(they never use 0, O, 1, I or L). Look at that character on the paper again.",
    "code_length": ("The check code cannot be read: it has ten characters, and {n:n} was typed.",
                    "The check code cannot be read: it has ten characters, and {n:n} were typed.", "n"),
    "code_checksum": "The check code does not add up, so a character of it was mistyped: type it again from the paper.",
    "code_match": "The givens match the check code on your paper \u2713",
    "code_settles": "Of the possible fixes, only {fix} gives the givens of the check code: that is the slip.",
    "code_rows_wrong": ("The givens do not match the check code on your paper in {rows:units}: compare that row "
                        "with the paper.",
                        "The givens do not match the check code on your paper in {rows:units}: compare those "
                        "rows with the paper.", "n"),
}
