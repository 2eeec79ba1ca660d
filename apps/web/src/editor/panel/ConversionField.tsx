/**
 * A core's wavelength conversion (docs/mesh.md section 1): full (the field absent), none
 * (wavelength continuity) or limited range ±d. One select for the form; the range's d is
 * a number field of its own, shown only for the limited form.
 */
import type { WavelengthConversion } from '@obs-tcp-sim/scenario';
import { conversionFor, conversionForm, type ConversionForm } from '../../scenario/conversionEdits';
import type { PanelContext } from './panelContext';
import { SelectField } from './fields';
import { PathNumberField } from './PathNumberField';

const OPTIONS: { value: ConversionForm; label: string }[] = [
  { value: 'full', label: 'full (any wavelength)' },
  { value: 'none', label: 'none (wavelength continuity)' },
  { value: 'range', label: 'limited range (±d channels)' },
];

export function ConversionField({
  ctx,
  path,
  owner,
  conversion,
}: {
  ctx: PanelContext;
  /** "nodes[3].conversion" */
  path: string;
  owner: string;
  conversion: WavelengthConversion | undefined;
}) {
  const form = conversionForm(conversion);
  return (
    <>
      <SelectField
        path={path}
        label="Wavelength conversion"
        value={form}
        options={OPTIONS}
        externalError={ctx.errorAt(path)}
        hint={
          form === 'none'
            ? 'A burst leaves on the wavelength it came in on, or is lost.'
            : form === 'full'
              ? 'Any free wavelength of the outgoing fiber.'
              : undefined
        }
        onChange={(f) => ctx.set(`${owner}: wavelength conversion ${f}`, path, conversionFor(f, conversion))}
      />
      {form === 'range' && (
        <PathNumberField ctx={ctx} path={`${path}.range`} owner={owner} hint="From wavelength w it reaches w − d to w + d" />
      )}
    </>
  );
}
