"""Lesson material around the games: discussion questions answered from the data, and handouts.

A teacher's notebook asks its debrief questions with one short call each,
``geoteach.lessons.geotriple.most_neighbours()``, and gets a :class:`Discussion`: the question,
an answer worked out from the kit's tables (never typed in), the table it comes from and a small
chart or map. ``geoteach.lessons.handouts.write_handouts("globalissimo")`` prints a game's
handouts (maps, score sheets, cards) as PDFs into a folder.

Modules: ``discussion`` (the ``Discussion`` record and its charts), ``printing`` (pages and
cards on A4 or Letter paper), ``handouts`` (writing a game's handouts into a folder), and one
module per game with its questions, its handout pages and ``handouts()``, the list of its
handouts (named by the game's entry in ``geoteach.games.registry``).

Layer: under ``ui``. May import ``classroom``, ``render``, ``bots``, ``games``, ``store``,
``quiz``, ``data`` and the top-level helpers; never ``ui`` (no widgets).
"""
