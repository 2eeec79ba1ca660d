/**
 * How a core resolves contention besides its FDLs (docs/mesh.md sections 6 and 7):
 * deflection routing (a burst with no room on its output may leave on another) and burst
 * segmentation (it keeps the part that fits). Two check boxes; absent means off, so turning
 * one off removes the field rather than writing `false`.
 */
import type { PanelContext } from './panelContext';
import { CheckField } from './fields';

export function ContentionFields({
  ctx,
  path,
  owner,
  deflection,
  segmentation,
}: {
  ctx: PanelContext;
  /** "nodes[3]" */
  path: string;
  owner: string;
  deflection: boolean | undefined;
  segmentation: boolean | undefined;
}) {
  return (
    <>
      <CheckField
        path={`${path}.deflection`}
        label="Deflection routing"
        checked={deflection === true}
        externalError={ctx.errorAt(`${path}.deflection`)}
        hint="A burst that finds its output full may leave on another way (needs an offset longer than auto)."
        onChange={(on) => ctx.set(`${owner}: deflection ${on ? 'on' : 'off'}`, `${path}.deflection`, on ? true : undefined)}
      />
      <CheckField
        path={`${path}.segmentation`}
        label="Burst segmentation"
        checked={segmentation === true}
        externalError={ctx.errorAt(`${path}.segmentation`)}
        hint="A burst that finds its output busy keeps the part that fits; the rest is lost."
        onChange={(on) => ctx.set(`${owner}: segmentation ${on ? 'on' : 'off'}`, `${path}.segmentation`, on ? true : undefined)}
      />
    </>
  );
}
