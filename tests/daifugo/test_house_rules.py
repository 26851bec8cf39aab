"""The house rules beyond 004, each with paiju's reading (docs/daifugo.md)."""

from __future__ import annotations

from daifugo_helpers import act, deal, record, ruling, state_of


def opts(**values: object) -> dict:
    return {"preset": "pagat", "options": values}


def test_seven_pass_hands_cards_to_the_next_player() -> None:
    hands = deal(4, {0: "7S 7H 3C 4C", 1: "5D"})
    rules = opts(seven_pass=True)
    st = state_of(record(hands, [(0, "play", "7S 7H")], rules))
    assert st.to_move() == 0 and st.phase == "follow"
    assert "exactly 2" in str(st.why_illegal(act(0, "seven_pass", "3C")))
    st = state_of(record(hands, [(0, "play", "7S 7H"), (0, "seven_pass", "3C 4C")], rules))
    assert st.hands[1] & (1 << 3) and st.hands[1] & (1 << 7) and st.to_move() == 1
    assert st.view(2).to_json()["actions"][-1] == {"seat": 0, "do": "seven_pass", "count": 2}


def test_ten_discard_is_face_down() -> None:
    hands = deal(4, {0: "10S 3C 4C"})
    rules = opts(ten_discard=True)
    st = state_of(record(hands, [(0, "play", "10S"), (0, "discard", "3C")], rules))
    assert st.discards.bit_count() == 1
    assert "3C" not in str(st.view(1).to_json())
    rep = ruling(record(hands, [(0, "play", "10S"), (0, "discard", "3C 4C")], rules))
    assert "at most 1" in rep["reason"]


def test_five_skip() -> None:
    hands = deal(4, {0: "5S"})
    st = state_of(record(hands, [(0, "play", "5S")], opts(five_skip=True)))
    assert st.to_move() == 2


def test_sandstorm_beats_anything() -> None:
    hands = deal(4, {0: "2S", 1: "3S 3H 3D"})
    st = state_of(record(hands, [(0, "play", "2S"), (1, "play", "3S 3H 3D")],
                         opts(sandstorm=True)))
    assert st.table is None and st.to_move() == 1


def test_ambulance_clears() -> None:
    hands = deal(4, {0: "4S 4H", 1: "9S 9H"})
    st = state_of(record(hands, [(0, "play", "4S 4H"), (1, "play", "9S 9H")],
                         opts(ambulance=True)))
    assert st.table is None and st.to_move() == 1


def test_nine_reverse() -> None:
    hands = deal(4, {0: "9S"})
    st = state_of(record(hands, [(0, "play", "9S")], opts(nine_reverse=True)))
    assert st.to_move() == 3


def test_four_stop() -> None:
    hands = deal(4, {0: "8S", 1: "KS", 2: "4S"})
    rules = opts(eight_cut=True, four_stop=True)
    st = state_of(record(hands, [(0, "play", "8S")], rules))
    assert st.table is not None and "4-stop" in str(st.why_illegal(act(1, "play", "KS")))
    st = state_of(record(hands, [(0, "play", "8S"), (1, "pass"), (2, "play", "4S")], rules))
    assert not st.cut_pending and st.to_move() == 3
    st = state_of(record(hands, [(0, "play", "8S"), (1, "pass"), (2, "pass"), (3, "pass")],
                         rules))
    assert st.table is None and st.to_move() == 0


def test_emperor() -> None:
    hands = deal(4, {0: "2S 2H", 1: "5S 6H 7D 8C"})
    st = state_of(record(hands, [(0, "play", "2S 2H"), (1, "play", "5S 6H 7D 8C")],
                         opts(emperor=True)))
    assert st.table is None and st.to_move() == 1
    rep = ruling(record(hands, [(0, "play", "2S 2H"), (1, "play", "5S 6H 7D 8C")]))
    assert not rep["legal"]


def test_down_number() -> None:
    hands = deal(4, {0: "9S", 1: "8S 8H"})
    rules = opts(down_number=True)
    assert ruling(record(hands, [(0, "play", "9S"), (1, "play", "8S")], rules))["legal"]
    assert not ruling(record(hands, [(0, "play", "9S"), (1, "play", "8H")], rules))["legal"]


def test_no_play_after_pass() -> None:
    hands = deal(4, {0: "3S", 2: "5S", 3: "6S", 1: "KS"})
    rules = opts(no_play_after_pass=True)
    st = state_of(record(hands, [(0, "play", "3S"), (1, "pass"), (2, "play", "5S"),
                                 (3, "play", "6S"), (0, "pass")], rules))
    assert st.to_move() == 2  # seat 1 passed and is skipped


def test_gekokujo() -> None:
    titles = ["daihinmin", "hinmin", "heimin", "fugo", "daifugo"]
    hands = deal(8, {0: "4S 4H 4D 4C 5S 5H 6S"})
    titles = ["daihinmin", "hinmin", "heimin", "heimin", "heimin", "heimin", "fugo",
              "daifugo"]
    plays = [(0, "play", "4S 4H 4D 4C")] + [(s, "pass") for s in range(1, 8)]
    plays += [(0, "play", "5S 5H")] + [(s, "pass") for s in range(1, 8)]
    plays += [(0, "play", "6S")]
    rules = opts(gekokujo=True, miyako_ochi=True, exchange="off")
    rep = ruling(record(hands, plays, rules, first=0, titles=titles))
    assert rep["finished"] and rep["order"][0] == 0 and rep["order"][-1] == 7
    assert rep["titles"][1] == "fugo" and rep["titles"][6] == "hinmin"


def test_spade_three_on_the_joker_clears_the_table_under_uecdas_reading() -> None:
    """UECda 2010 (rule.html 4.3.2): the ♠3 on a lone joker clears the field and its player
    leads next; under 004's reading (the option off) the ♠3 stands and may be beaten."""
    hands = deal(4, {0: "JK 5C", 1: "3S 9D", 2: "4S 7H"})
    plays = [(0, "play", "JK"), (1, "play", "3S")]
    st = state_of(record(hands, plays, opts(spade_three=True, spade_three_clears=True)))
    assert st.table is None and st.to_move() == 1
    st = state_of(record(hands, plays, opts(spade_three=True)))
    assert st.table is not None and st.to_move() == 2
    assert ruling(record(hands, [*plays, (2, "play", "4S")], opts(spade_three=True)))["legal"]
    # the ♠3 on anything but a lone joker is an ordinary 3: it clears nothing
    st = state_of(record(hands, [(1, "play", "3S")], opts(spade_three=True,
                                                           spade_three_clears=True), first=1))
    assert st.table is not None and st.to_move() == 2


def test_spade_three_clears_needs_the_spade_three_rule() -> None:
    from paiju.core.errors import PaijuError
    from paiju.core.games import get_game

    try:
        get_game("daifugo").rules("pagat", {"spade_three_clears": True})
    except PaijuError as err:
        assert "spade_three_clears needs the spade_three rule" in str(err)
    else:
        raise AssertionError("spade_three_clears was accepted without spade_three")
    assert get_game("daifugo").rules("uecda").values["spade_three_clears"] is True
    assert get_game("daifugo").rules("pagat").values["spade_three_clears"] is False
