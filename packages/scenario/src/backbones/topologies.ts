// Topology data of three backbones used throughout OBS and WDM studies, for backbone-scenario.ts
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

// USNET: the 24-node, 43-link US backbone of many OBS and WDM studies (the "24-node sample
// network" of Ramamurthy and Mukherjee's survivable-WDM papers, often called USNET). The
// papers number its nodes 1..24 without naming cities, so the ids here are N1..N24. The
// link list and the lengths in km are the ones the open RWA/RMSA simulators carry (checked
// on 2026-11-26 against seven copies in five unrelated repositories, among them FUSION's
// us_network.txt, XLRON's usnet topologies and reinnet/topology, which cites the figure of
// Computer Communications S0140366415003618): every copy has these 43 links, numbered as
// here. The lengths are the most common set (the copies differ by 100-500 km on a few links,
// e.g. N3-N5, N16-N22, N19-N20); they set the propagation delays, and through them the
// least-cost routes. Positions follow the figure's layout of the US (N1 in the north-west,
// N24 in the south-east) on the same 100..1060 x 100..610 frame as NSFNET; the figure gives
// no coordinates, so the map is a drawing, not to scale.
export const USNET: Backbone = {
  name: 'USNET',
  cities: [
    { id: 'N1', name: 'USNET node 1', x: 100, y: 120 },
    { id: 'N2', name: 'USNET node 2', x: 120, y: 300 },
    { id: 'N3', name: 'USNET node 3', x: 150, y: 450 },
    { id: 'N4', name: 'USNET node 4', x: 270, y: 460 },
    { id: 'N5', name: 'USNET node 5', x: 230, y: 580 },
    { id: 'N6', name: 'USNET node 6', x: 290, y: 200 },
    { id: 'N7', name: 'USNET node 7', x: 370, y: 330 },
    { id: 'N8', name: 'USNET node 8', x: 400, y: 560 },
    { id: 'N9', name: 'USNET node 9', x: 480, y: 250 },
    { id: 'N10', name: 'USNET node 10', x: 540, y: 470 },
    { id: 'N11', name: 'USNET node 11', x: 600, y: 150 },
    { id: 'N12', name: 'USNET node 12', x: 640, y: 300 },
    { id: 'N13', name: 'USNET node 13', x: 680, y: 430 },
    { id: 'N14', name: 'USNET node 14', x: 640, y: 590 },
    { id: 'N15', name: 'USNET node 15', x: 760, y: 180 },
    { id: 'N16', name: 'USNET node 16', x: 790, y: 320 },
    { id: 'N17', name: 'USNET node 17', x: 810, y: 450 },
    { id: 'N18', name: 'USNET node 18', x: 800, y: 600 },
    { id: 'N19', name: 'USNET node 19', x: 930, y: 110 },
    { id: 'N20', name: 'USNET node 20', x: 960, y: 220 },
    { id: 'N21', name: 'USNET node 21', x: 910, y: 320 },
    { id: 'N22', name: 'USNET node 22', x: 980, y: 410 },
    { id: 'N23', name: 'USNET node 23', x: 990, y: 500 },
    { id: 'N24', name: 'USNET node 24', x: 1000, y: 610 },
  ],
  links: [
    link('N1', 'N2', 800),
    link('N1', 'N6', 1000),
    link('N2', 'N3', 1000),
    link('N2', 'N6', 950),
    link('N3', 'N4', 250),
    link('N3', 'N5', 1000),
    link('N3', 'N7', 1000),
    link('N4', 'N5', 800),
    link('N4', 'N7', 850),
    link('N5', 'N8', 1200),
    link('N6', 'N7', 1000),
    link('N6', 'N9', 1200),
    link('N6', 'N11', 1900),
    link('N7', 'N8', 1150),
    link('N7', 'N9', 1000),
    link('N8', 'N10', 900),
    link('N9', 'N10', 1000),
    link('N9', 'N11', 1400),
    link('N9', 'N12', 1000),
    link('N10', 'N13', 950),
    link('N10', 'N14', 850),
    link('N11', 'N12', 900),
    link('N11', 'N15', 1300),
    link('N11', 'N19', 2600),
    link('N12', 'N13', 900),
    link('N12', 'N16', 1000),
    link('N13', 'N14', 650),
    link('N13', 'N17', 1100),
    link('N14', 'N18', 1200),
    link('N15', 'N16', 600),
    link('N15', 'N20', 1300),
    link('N16', 'N17', 1000),
    link('N16', 'N21', 1000),
    link('N16', 'N22', 800),
    link('N17', 'N18', 800),
    link('N17', 'N22', 850),
    link('N17', 'N23', 1000),
    link('N18', 'N24', 900),
    link('N19', 'N20', 1200),
    link('N20', 'N21', 700),
    link('N21', 'N22', 300),
    link('N22', 'N23', 600),
    link('N23', 'N24', 900),
  ],
};

export const BACKBONES = { nsfnet: NSFNET, cost239: COST239, usnet: USNET } as const;
