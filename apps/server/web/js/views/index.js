// Every view the page knows, by the name a ruleset gives its components' view (Ruleset::view()).
// A new view is one module in this folder and one line here; the server's tests check that every
// view the registry names is listed. Static imports, so that the build bundles the whole page into
// one file (a first visit fetches one module, not two dozen).
import * as chomp from './chomp.js';
import * as coins from './coins.js';
import * as cram from './cram.js';
import * as digraph from './digraph.js';
import * as graph from './graph.js';
import * as hackenbush from './hackenbush.js';
import * as heaps from './heaps.js';
import * as moore from './moore.js';
import * as pins from './pins.js';
import * as queen from './queen.js';
import * as split from './split.js';

export const views = new Map(Object.entries({
  chomp, coins, cram, digraph, graph, hackenbush, heaps, moore, pins, queen, split,
}));
