// What the terminal game says about a game, apart from playing it (play_command.cc): a move's
// description in the second and third person, the transcript with its marks, the prediction
// before play, how moves are typed and the rules of the position's rulesets.
#pragma once

#include <array>
#include <string>

#include "nimkit/limits.h"
#include "nimkit/match.h"
#include "nimkit/position.h"

namespace nimkit::cli {

// "take 2 from heap 1" -> "takes 2 from heap 1", "remove vertex 3" -> "removes vertex 3", for
// "Computer takes 2 from heap 1": a move's description starts with its verb, or is a zero move.
std::string third_person(const std::string& description);
// "take 2 from heap 1" -> "take 2 from heap 1" / "zero move on heap 2" -> "make a zero move...".
std::string second_person(const std::string& description);
std::string capitalized(std::string text);
// The position now, in the game's notation.
std::string heaps_line(const Match& match);

// The moves played, each with the position it left and its mark (a win or a draw thrown away),
// and a draw agreed.
void print_transcript(const Match& match, const std::array<std::string, 2>& names);
// The prediction the articles make before play: the winner from the nim-sum / Grundy value, or
// a draw.
void print_prediction(const Match& match, const std::array<std::string, 2>& names,
                      const Limits& limits);
// How moves are typed: each ruleset's syntax once, named by the rulesets that use it when a sum
// mixes syntaxes, with an example taken from the position.
std::string move_help(const Position& position, const Limits& limits);
// "Rules: knock down one pin, ...", one line per ruleset of the position.
void print_rules(const Position& position);

}  // namespace nimkit::cli
