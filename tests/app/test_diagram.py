"""The chain diagram (app/features/teach/diagram.py) on a real Tk root: links, colour groups, the forcing tree."""
from __future__ import annotations

import tkinter as tk

import pytest

import solver
from app.features.demo import install_demo
from app.features.teach.diagram import ChainDiagram
from app.features.teach import install_teach
from tests.conftest import load_lines

HARDEST = solver.parse(load_lines("forum_hardest_sample200")[0])


def first_step(lines, want):
    for line in lines:
        path = solver.logical_path(solver.parse(line))
        for k, s in enumerate(path):
            if want(s):
                return s, path.grid_at(k), path.candidates_at(k)
    raise AssertionError("no such step")  # pragma: no cover


@pytest.fixture(scope="module")
def chain_step():
    return first_step(load_lines("norvig_top95")[:40], lambda s: s.chain is not None and s.chain.links
                      and any(k == "weak" for _, _, k in s.chain.links))


@pytest.fixture(scope="module")
def forcing_step():
    path = solver.logical_path(HARDEST)
    return path[0], path.grid_at(0), path.candidates_at(0)


def test_a_chain_is_drawn_with_solid_strong_and_dashed_weak_links(tk_root, chain_step):
    step, grid, cands = chain_step
    d = ChainDiagram(tk_root)
    d.frame.pack()
    assert d.show(step, grid, cands)
    tk_root.update()
    cv = d.canvas
    strong, weak = cv.find_withtag("strong"), cv.find_withtag("weak")
    assert len(strong) + len(weak) == len(step.chain.links) and strong and weak
    assert all(cv.itemcget(i, "dash") == "" for i in strong)
    assert all(cv.itemcget(i, "dash") != "" for i in weak)
    assert len(cv.find_withtag("target")) == 2 * len(step.eliminations)
    assert "strong link" in d.legend.cget("text") and "weak link" in d.legend.cget("text")
    assert d.frame.winfo_manager() and not d.tree.winfo_manager()


def test_colour_groups_get_two_colours(tk_root):
    from solver.techniques.links import Chain
    a, b = (((0, 0),), 5), (((0, 4),), 5)
    c = (((4, 4),), 5)
    chain = Chain(nodes=(a, b, c), links=((a, b, "strong"), (b, c, "strong")), groups=((a, c), (b,)),
                  targets=((((4, 0),), 5),), kind="colouring")

    class Step:
        pass

    step = Step()
    step.chain = chain
    d = ChainDiagram(tk_root)
    d.frame.pack()
    g = solver.Grid.empty()
    assert d.show(step, g, solver.candidates(g))
    cv = d.canvas
    fills = {cv.itemcget(i, "fill") for i in cv.find_withtag("group0")}
    other = {cv.itemcget(i, "fill") for i in cv.find_withtag("group1")}
    assert len(cv.find_withtag("group0")) == 2 and len(fills) == 1 and fills != other
    assert "opposite colours" in d.legend.cget("text")


def test_a_forcing_chain_shows_its_tree(tk_root, forcing_step):
    step, grid, cands = forcing_step
    d = ChainDiagram(tk_root)
    d.frame.pack()
    assert d.show(step, grid, cands)
    tk_root.update()
    text = d.tree.get("1.0", "end")
    assert text.startswith("If r") and "contradiction" in text and d.tree.winfo_manager()
    d.hide()
    assert not d.frame.winfo_manager()
    assert not d.show(solver.next_step(solver.parse(load_lines("norvig_easy50")[0])), grid, cands)


def test_explain_shows_the_diagram_for_a_forcing_step(sudoku_app):
    app = sudoku_app
    app.demo = install_demo(app.form, app.controller)
    app.teach = install_teach(app.form, app.controller, app.demo)
    app.controller.files.load_puzzle(HARDEST, "test puzzle")
    app.root.update()
    ex = app.teach.explanation
    ex.start()
    assert app.wait(lambda: ex.path is not None, timeout=30), app.form.status_text()
    ex.show_step(0)
    app.root.update()
    assert ex.diagram.step is ex.path[0] and ex.diagram.frame.winfo_manager()
    # issue 26: the step's text keeps its last line; the tree wraps its long lines and scrolls by itself
    st = ex.step_text
    probe = tk.Label(st.master, text=st.cget("text"), font=st.cget("font"), wraplength=st.cget("wraplength"),
                     padx=st.cget("padx"), pady=st.cget("pady"), bd=st.cget("bd"), justify="left")
    assert probe.winfo_reqheight() <= st.winfo_height() + 1, (probe.winfo_reqheight(), st.winfo_height())
    probe.destroy()
    tree = ex.diagram.tree
    assert tree.cget("wrap") == "word" and ex.diagram.tree_bar.winfo_manager()
    assert tree.count("1.0", "end", "displaylines")[0] > int(tree.index("end-1c").split(".")[0])  # lines wrapped
    ex.leave()
    assert not ex.diagram.frame.winfo_manager()
