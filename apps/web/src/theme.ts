/**
 * Colours: Okabe & Ito (2008), distinguishable with the common colour-vision deficiencies
 * and still apart on a washed-out projector. Shape and line style always carry the same
 * meaning as colour, so nothing depends on colour alone.
 */
export const OKABE_ITO = {
  black: '#000000',
  orange: '#E69F00',
  skyBlue: '#56B4E9',
  bluishGreen: '#009E73',
  yellow: '#F0E442',
  blue: '#0072B2',
  vermillion: '#D55E00',
  reddishPurple: '#CC79A7',
} as const;

/** Flow colours, darkest first: yellow is left out because it vanishes on white. */
export const FLOW_COLORS = [
  OKABE_ITO.blue,
  OKABE_ITO.vermillion,
  OKABE_ITO.bluishGreen,
  OKABE_ITO.reddishPurple,
  OKABE_ITO.orange,
  OKABE_ITO.skyBlue,
  OKABE_ITO.black,
] as const;

export function flowColor(index: number): string {
  return FLOW_COLORS[index % FLOW_COLORS.length];
}

export const NODE_COLORS = {
  host: OKABE_ITO.black,
  router: '#555555',
  edge: OKABE_ITO.vermillion,
  core: OKABE_ITO.blue,
} as const;

// A fiber is drawn as an empty grey cable: blue is the data burst's colour (and sky blue too
// close to it), so an idle fiber must not look full of bursts (issue 19).
export const LINK_COLORS = {
  packet: '#444444',
  fiber: '#d4d4d4',
  fiberCore: '#707070',
} as const;
