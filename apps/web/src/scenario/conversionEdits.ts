/**
 * A core's wavelength conversion (docs/mesh.md section 1) as the panel offers it: three
 * forms, full (the field absent, the engine's default), none, or a limited range ±d.
 */
import type { WavelengthConversion } from '@obs-tcp-sim/scenario';

export type ConversionForm = 'full' | 'none' | 'range';

/** The range a converter gets when "limited range" is picked: docs/mesh.md's example. */
const FIRST_RANGE = 2;

export function conversionForm(conversion: WavelengthConversion | undefined): ConversionForm {
  if (conversion === undefined || conversion === 'full') return 'full';
  return conversion === 'none' ? 'none' : 'range';
}

/** The field's value for a form: "full" is the default, so it leaves the field out. */
export function conversionFor(form: ConversionForm, current: WavelengthConversion | undefined): WavelengthConversion | undefined {
  if (form === 'full') return undefined;
  if (form === 'none') return 'none';
  return typeof current === 'object' ? current : { range: FIRST_RANGE };
}
