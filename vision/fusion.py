"""How the dice reader weighs its evidence: the learned networks against the hand-built pip
counter (`vision.reader`), the family's kept dice against the die reader (`vision.learned`),
and the reads of a still scene against each other (`vision.vote`).

Every threshold that decides between them is a field of one frozen `FusionPolicy`;
`DEFAULT_FUSION` is the policy the app reads with. No OpenCV: cheap to import.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class FusionPolicy:
    """The thresholds that combine the dice reader's sources of evidence (docs/vision.md)."""

    # The networks and the pip counter (`vision.reader.read_dice`) ------------------------------
    net_floor: float = 0.3
    """The networks' faces looked at: how sure they must be that a die is there."""
    net_alone: float = 0.7
    """A face only the networks found is kept when they are this sure it is a die ..."""
    net_confirmed: float = 0.5
    """... and already from this where the pip counter's colour blobs see a die there too
    (coloured pips on a coloured body, which the pyramid's grey pips miss): both networks score
    dice of colours they never saw low. The face must be more than `pip_share` of the biggest
    face they keep on their own (`net_alone`): not one of its pips."""
    blob_alike: float = 2.5
    """A blob's die confirms a face when neither is this many times the other's size (a blob
    holds the die's sides too)."""
    net_overrules: float = 0.8
    """How sure of a value the networks must be to overrule the pip counter's count."""
    net_sure: float = 0.95
    """The networks are sure of a frame when each face they see is a die at least this surely,
    and its value too; the pip counter is then not asked."""
    not_a_die: float = 0.99
    """A die only the pip counter found is dropped when the die reader, looking there, sees no
    die this surely ..."""
    doubted: float = 0.5
    """... and already from this when nothing die-shaped is there either (its face no different
    from the table around it: printed dots, a pip of a die the counter broke into pips)."""
    stands_out: float = 28.0
    """A face stands out from its surroundings when their median colours differ this much
    (grey levels, in some channel)."""
    part_of: float = 1.5
    """A die only the pip counter found inside a network face this much bigger is a part of
    it (a pip)."""
    pip_share: float = 0.4
    """A 1 only the networks found is a pip seen close up when it is at most this share of the
    size of the big dice they are sure of (a pip is about a fifth of its face; a doubted face
    that small is not confirmed either, see `net_confirmed`) ..."""
    sure_big: float = 0.9
    """... the dice they are sure of being those this sure to be dice."""

    # The family's kept dice (`vision.learned`) -------------------------------------------------
    kept_neighbours: int = 5
    """How many kept dice vote on a new one (fewer when fewer are kept)."""
    kept_below: float = 0.99
    """The kept dice are asked only where the die reader is less sure of a value than this
    (tuned with `vision.learned_bench` on the matteo photos and their left-out networks)."""
    kept_weight: float = 4.0
    """Weight of the kept dice's vote against the die reader's probabilities."""

    # The vote over a still scene's reads (`vision.vote`) ---------------------------------------
    low_confidence: float = 0.8
    """A die read with less confidence than this in any read is unsure."""
    same_die: float = 0.5
    """Two dice of two reads are one when their centres lie closer than this share of a side."""
    reads: tuple[int, int] = (2, 3)
    """A still scene is read this many times at least, and at most when the reads so far
    disagree or a die is unsure."""


DEFAULT_FUSION = FusionPolicy()
"""The policy the app reads with: tuned on the development photos and the synthetic set (a
change is measured with `python -m vision.bench` before it ships)."""
