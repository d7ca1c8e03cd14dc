"""The /peiper slash commands: names, options, examples and the rule each applies."""

from __future__ import annotations

from engine.game import CommandSpec, OptionSpec

UNIT = OptionSpec("unit", "Your unit (its id, such as Spitze or 30/117/1)", "unit")
_COMMANDS: tuple[CommandSpec, ...] = (
    CommandSpec("place", "Set up a US unit (Set-Up)", (UNIT, OptionSpec("at", "Hex, such as 0804", "hex")),
                "/peiper place unit:CCR/3/1 at:0404", "Set-Up"),
    CommandSpec("ready", "Finish the US set-up (unplaced units take the scenario's hexes)", (),
                "/peiper ready", "Set-Up"),
    CommandSpec("draw", "German card draw: the card's colour decides who may activate", (),
                "/peiper draw", "Turn Begins"),
    CommandSpec("take", "Take the activations the card offers (a face card: name the hex)",
                (OptionSpec("hex", "Face card only: the hex whose units activate", "hex", required=False),),
                "/peiper take", "Turn Begins"),
    CommandSpec("pass", "Pass on the card", (), "/peiper pass", "Turn Begins"),
    CommandSpec("oba", "Face card: use your OBA marker on a hex",
                (OptionSpec("target", "Hex with enemy units", "hex"),
                 OptionSpec("mode", "attack (strength 4 on each unit) or support (-1 to your attacks there)",
                            "choice", required=False, choices=("attack", "support"), default="attack")),
                "/peiper oba target:0705 mode:attack", "Off Board Artillery (OBA) Markers"),
    CommandSpec("move", "Spend 1 ACT: move a unit", (UNIT, OptionSpec("to", "Destination hex", "hex")),
                "/peiper move unit:Spitze to:1308", "Movement"),
    CommandSpec("attack", "Spend 1 ACT: fire on an adjacent enemy unit",
                (UNIT, OptionSpec("target", "Adjacent enemy unit", "unit")),
                "/peiper attack unit:Spitze target:106 BG", "Combat"),
    CommandSpec("enter", "Spend 1 ACT: bring a unit onto the map at an edge hex",
                (UNIT, OptionSpec("at", "Edge hex", "hex")),
                "/peiper enter unit:Spitze at:1409", "Set-Up"),
    CommandSpec("exit", "Spend 1 ACT: a German unit on the west edge leaves the map", (UNIT,),
                "/peiper exit unit:Spitze", "Who Wins"),
    CommandSpec("demolish", "Spend 1 ACT: try to blow a bridge (US, after turn 2)",
                (OptionSpec("bridge", "Bridge name, such as Cheneux", "bridge"),),
                "/peiper demolish bridge:Cheneux", "Bridge Demolition"),
    CommandSpec("redraw", "A face card came up when you fired: draw again", (), "/peiper redraw", "Combat"),
    CommandSpec("miss", "A face card came up when you fired: take it as a miss", (), "/peiper miss", "Combat"),
    CommandSpec("end", "End your activations now (unused ACTs are lost)", (), "/peiper end", "Turn Begins"),
)
COMMANDS: dict[str, CommandSpec] = {c.name: c for c in _COMMANDS}
