/** The kinds of nodes and links the network glyphs draw (scenario format v1). */
export type NodeKind = 'host' | 'router' | 'edge' | 'core';
export type LinkKind = 'packet' | 'fiber';
