// Count: how many moves or objects a component holds. Like a Grundy value it can pass 2^64-1
// (Moore's game on several huge heaps has more moves than that), so it is 128 bits wide; unlike
// a Grundy value it is a number that adds, never one that XORs.
#pragma once

namespace nimkit {

__extension__ typedef unsigned __int128
    Count;  // NOLINT(modernize-use-using): __extension__ keeps -Wpedantic quiet

}  // namespace nimkit
