// Topology data of two backbones used throughout OBS and WDM studies, for backbone-scenario.ts
// and the mesh presets: cities with canvas positions laid out like the map (longitude and
// latitude scaled into x 100..1060, y 100..610) and links with lengths in km.
//
// NSFNET: the 14-node, 21-link T1 backbone (Seattle to Princeton) of the RWA and OBS
// literature, with the link lengths in km most of those papers tabulate for it (2100 km
// Seattle–Palo Alto, 4800 km Seattle–Champaign, ...). They are route-kilometre figures of
// the model network, not great-circle distances, and some papers use another, shorter set
// over the same 21 links; the topology is the same in all of them.
//
// COST239: the 11-node, 26-link pan-European network of the COST 239 action (London,
// Amsterdam, Berlin, Brussels, Copenhagen, Luxembourg, Milan, Paris, Prague, Vienna,
// Zurich), denser than NSFNET (mean degree 4.7 against 3). Its link lengths here are the
// great-circle distances between the cities, rounded to 10 km and computed for this file,
// not the figures of the COST 239 study.

export interface BackboneCity {
  /** Short id: the city's abbreviation. */
  id: string;
  name: string;
  x: number;
  y: number;
}

export interface BackboneLink {
  a: string;
  b: string;
  km: number;
}

export interface Backbone {
  name: string;
  cities: BackboneCity[];
  links: BackboneLink[];
}

const link = (a: string, b: string, km: number): BackboneLink => ({ a, b, km });

export const NSFNET: Backbone = {
  name: 'NSFNET',
  cities: [
    { id: 'SEA', name: 'Seattle, WA', x: 100, y: 100 },
    { id: 'PAL', name: 'Palo Alto, CA', x: 104, y: 391 },
    { id: 'SDG', name: 'San Diego, CA', x: 204, y: 525 },
    { id: 'SLC', name: 'Salt Lake City, UT', x: 310, y: 296 },
    { id: 'BOU', name: 'Boulder, CO', x: 444, y: 317 },
    { id: 'HOU', name: 'Houston, TX', x: 643, y: 610 },
    { id: 'LIN', name: 'Lincoln, NE', x: 617, y: 295 },
    { id: 'CHA', name: 'Champaign, IL', x: 787, y: 314 },
    { id: 'PIT', name: 'Pittsburgh, PA', x: 952, y: 305 },
    { id: 'ATL', name: 'Atlanta, GA', x: 864, y: 496 },
    { id: 'ANN', name: 'Ann Arbor, MI', x: 877, y: 252 },
    { id: 'ITH', name: 'Ithaca, NY', x: 1023, y: 248 },
    { id: 'PRI', name: 'Princeton, NJ', x: 1060, y: 307 },
    { id: 'CPK', name: 'College Park, MD', x: 1014, y: 346 },
  ],
  links: [
    link('SEA', 'PAL', 2100),
    link('SEA', 'SDG', 3000),
    link('SEA', 'CHA', 4800),
    link('PAL', 'SDG', 1200),
    link('PAL', 'SLC', 1500),
    link('SDG', 'HOU', 3600),
    link('SLC', 'BOU', 1200),
    link('SLC', 'ANN', 3900),
    link('BOU', 'HOU', 2400),
    link('BOU', 'LIN', 1200),
    link('HOU', 'ATL', 2100),
    link('HOU', 'PRI', 3600),
    link('LIN', 'CHA', 1500),
    link('CHA', 'PIT', 1500),
    link('PIT', 'ATL', 1500),
    link('PIT', 'ITH', 600),
    link('PIT', 'CPK', 600),
    link('ANN', 'ITH', 1200),
    link('ANN', 'CPK', 1500),
    link('ITH', 'PRI', 600),
    link('PRI', 'CPK', 300),
  ],
};

export const COST239: Backbone = {
  name: 'COST239',
  cities: [
    { id: 'LON', name: 'London', x: 100, y: 308 },
    { id: 'AMS', name: 'Amsterdam', x: 393, y: 265 },
    { id: 'BER', name: 'Berlin', x: 887, y: 258 },
    { id: 'BRU', name: 'Brussels', x: 361, y: 341 },
    { id: 'CPH', name: 'Copenhagen', x: 839, y: 100 },
    { id: 'LUX', name: 'Luxembourg', x: 464, y: 403 },
    { id: 'MIL', name: 'Milan', x: 642, y: 610 },
    { id: 'PAR', name: 'Paris', x: 244, y: 440 },
    { id: 'PRG', name: 'Prague', x: 947, y: 379 },
    { id: 'VIE', name: 'Vienna', x: 1060, y: 473 },
    { id: 'ZRH', name: 'Zurich', x: 604, y: 515 },
  ],
  links: [
    link('LON', 'AMS', 360),
    link('LON', 'BRU', 320),
    link('LON', 'PAR', 340),
    link('LON', 'CPH', 960),
    link('AMS', 'BER', 580),
    link('AMS', 'BRU', 170),
    link('AMS', 'CPH', 620),
    link('AMS', 'LUX', 320),
    link('BER', 'CPH', 360),
    link('BER', 'PAR', 880),
    link('BER', 'PRG', 280),
    link('BER', 'VIE', 520),
    link('BRU', 'LUX', 190),
    link('BRU', 'MIL', 700),
    link('BRU', 'PAR', 260),
    link('CPH', 'PRG', 630),
    link('LUX', 'PAR', 290),
    link('LUX', 'PRG', 600),
    link('LUX', 'ZRH', 310),
    link('MIL', 'PAR', 640),
    link('MIL', 'VIE', 630),
    link('MIL', 'ZRH', 220),
    link('PAR', 'ZRH', 490),
    link('PRG', 'VIE', 250),
    link('PRG', 'ZRH', 530),
    link('VIE', 'ZRH', 590),
  ],
};

export const BACKBONES = { nsfnet: NSFNET, cost239: COST239 } as const;
