// One link crossed in one direction: the step routes, optical paths and searches are made of.
#pragma once

namespace obs {

struct Hop {
  int link = -1;
  int dir = 0;    // 0: link.a -> link.b, 1: link.b -> link.a
  int from = -1;  // node index
  int to = -1;    // node index
};

}  // namespace obs
