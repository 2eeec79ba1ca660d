/**
 * The scenario types the editor works on: format v1 from @obs-tcp-sim/scenario, plus the
 * edge node's `assembly` overrides, an extension the engine reads (docs/model.md §3,
 * `nodes[i].assembly`) that the shared types do not declare yet.
 */
import type { NodeKind, ObsSettings, ScenarioLink, ScenarioNode as BaseNode } from '@obs-tcp-sim/scenario';

export type {
  BackgroundSource,
  Flow,
  NodeKind,
  ObsSettings,
  Scenario,
  ScenarioLink,
  TcpVariant,
  LossRecovery,
} from '@obs-tcp-sim/scenario';

export type AssemblySettings = ObsSettings['assembly'];
/** An edge's own assembly settings, field by field over obs.assembly. */
export type AssemblyOverrides = Partial<AssemblySettings>;

export type ScenarioNode = BaseNode;
export type LinkKindName = ScenarioLink['kind'];

/** Reads an edge node's overrides (absent on other kinds). */
export function assemblyOf(node: BaseNode): AssemblyOverrides | undefined {
  return (node as BaseNode & { assembly?: AssemblyOverrides }).assembly;
}

export const NODE_KIND_NAMES: Record<NodeKind, string> = {
  host: 'host',
  router: 'router',
  edge: 'edge',
  core: 'core',
};
