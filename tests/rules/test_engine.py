"""The engine shell: legal actions, refusal codes, the registry, and undo through the door."""

import pytest

from missdice_desktop.rules import (
    GAMES,
    Bank,
    DiceGame,
    EnterDice,
    Game,
    Hold,
    IllegalActionError,
    PigRules,
    RefusalCode,
    Roll,
    RulesError,
    Score,
    find_game,
    get_variant,
    new_game,
)
from tests.rules.support import new_game as new_yahtzee


def test_yahtzee_legal_actions_follow_the_turn() -> None:
    game = new_yahtzee()
    assert game.legal_actions() == (Roll(), EnterDice())
    game.apply(Roll((2, 6, 2, 6, 6)))
    legal = game.legal_actions()
    assert Roll() in legal and Hold(0, True) in legal
    assert Score("full_house") in legal and Score("chance") in legal
    for index in range(5):
        game.hold(index)
    assert Roll() not in game.legal_actions()
    assert game.why_not(Roll()).code is RefusalCode.ALL_HELD


def test_every_action_legal_actions_lists_is_accepted_and_the_others_refused() -> None:
    game = new_yahtzee()
    game.apply(Roll((5, 5, 5, 5, 5)))
    game.score("yahtzee")
    game.apply(Roll((5, 5, 5, 5, 5)))  # a joker: Fives first
    legal = set(game.legal_actions())
    for box in game.rules.box_ids:
        assert (Score(box) in legal) == (game.why_not(Score(box)) is None)
    assert legal & {Score(box) for box in game.rules.box_ids} == {Score("fives")}
    refusal = game.why_not(Score("chance"))
    assert refusal.code is RefusalCode.BOX_CLOSED and refusal.reason.boxes == ("fives",)


@pytest.mark.parametrize(
    ("setup", "action", "code"),
    [
        ([], Score("chance"), RefusalCode.NO_DICE_YET),
        ([], Hold(0, True), RefusalCode.NO_DICE_YET),
        ([EnterDice((1, 2, 3, 4, 5))], Hold(5, True), RefusalCode.NO_SUCH_DIE),
        ([EnterDice((1, 2, 3, 4, 5))], Score("sevens"), RefusalCode.UNKNOWN_BOX),
        ([Roll((1, 2, 3, 4, 5))] * 3, Roll(), RefusalCode.NO_ROLLS_LEFT),
        (
            [Roll((1, 2, 3, 4, 5)), Hold(0, True)],
            Roll((2, 2, 3, 4, 5)),
            RefusalCode.HELD_DIE_CHANGED,
        ),
        ([EnterDice((1, 2, 3, 4, 5))], Bank(), RefusalCode.NOT_THIS_GAME),
    ],
)
def test_refusals_carry_a_code(setup, action, code) -> None:
    game = new_yahtzee()
    for earlier in setup:
        game.apply(earlier)
    assert game.why_not(action).code is code
    with pytest.raises(IllegalActionError) as raised:
        game.apply(action)
    assert raised.value.code is code


def test_a_filled_box_is_refused_before_asking_for_dice() -> None:
    game = new_yahtzee()
    game.enter_dice("11111")
    game.score("ones")
    assert game.why_not(Score("ones")).code is RefusalCode.BOX_FILLED


def test_the_registry_finds_each_game_by_its_record_id() -> None:
    assert find_game("yams-ecart") is GAMES["yahtzee"]
    assert find_game("house") is GAMES["yahtzee"]
    assert find_game("pig") is GAMES["pig"]
    with pytest.raises(RulesError, match="unknown game 'poker'"):
        find_game("poker")
    assert isinstance(new_game(get_variant("yacht").configure(), ["A"]), Game)
    pig = new_game(PigRules(), ["A", "B"])
    assert type(pig) is DiceGame and pig.rules.dice_count == 1


def test_a_drawn_roll_is_recorded_with_its_dice_and_stays() -> None:
    game = DiceGame(PigRules(), ["Anna"], seed=3)
    change = game.roll()
    assert isinstance(change.action, Roll) and change.action.dice is not None
    assert change.action.drawn and game.actions == (change.action,)
    assert not game.can_undo  # a virtual roll once seen is never drawn again
    with pytest.raises(IllegalActionError, match="once seen"):
        game.undo()


def test_a_throw_from_the_table_undoes_and_redoes() -> None:
    game = DiceGame(PigRules(), ["Anna"], seed=3)
    change = game.throw("4")
    assert isinstance(change.action, Roll) and not change.action.drawn
    game.undo()
    assert game.state.turn.rolls == ()
    game.redo()
    assert game.state.turn.rolls == (4,)


def test_a_refused_roll_draws_nothing_and_changes_nothing() -> None:
    game = new_yahtzee()
    for _ in range(3):
        game.roll()
    before = game.state
    with pytest.raises(IllegalActionError, match="no rolls left"):
        game.roll()
    assert game.state is before


def test_renaming_players_goes_through_the_door_and_undoes() -> None:
    game = new_yahtzee(players=["Anna", "Ben"])
    heard = []
    game.add_listener(heard.append)
    game.enter_dice("12345")
    game.rename_players(["Anna", "Benoît"])
    assert game.players == ("Anna", "Benoît") and game.dice == (1, 2, 3, 4, 5)
    assert not heard[-1].turn_ended
    game.undo()
    assert game.players == ("Anna", "Ben")
    game.redo()
    assert game.players == ("Anna", "Benoît")
    with pytest.raises(IllegalActionError, match="2 names needed"):
        game.rename_players(["Solo"])
    with pytest.raises(IllegalActionError, match="needs a name"):
        game.rename_players(["Anna", " "])
    assert game.players == ("Anna", "Benoît")


def test_relabelling_names_changes_them_all_along_without_an_action() -> None:
    game = new_yahtzee(players=["Anna", "Player 2"])
    game.enter_dice("12345")
    game.score("chance")
    game.rename_players(["Anna", "Ben"])
    game.relabel_names({"Player 2": "Joueur 2"})
    assert game.players == ("Anna", "Ben") and len(game.actions) == 3
    game.undo()  # back to the default name, in its new label
    assert game.players == ("Anna", "Joueur 2")
    with pytest.raises(IllegalActionError):
        game.relabel_names({"Anna": " "})


def test_a_change_says_what_changed() -> None:
    from missdice_desktop.rules import Change, RenamePlayers

    game = DiceGame(PigRules(target=50), ["Anna", "Ben"])
    seen: list[Change] = []
    game.add_listener(seen.append)
    game.apply(Roll((5,)))
    game.apply(Bank())
    game.apply(RenamePlayers(("Anna", "Benoît")))
    roll, bank, rename = seen
    assert roll.dice_changed and not roll.turn_ended and roll.totals_changed == ()
    assert bank.turn_ended and bank.totals_changed == (0,)
    assert rename.names_changed and not rename.dice_changed
    assert game.undo().names_changed
