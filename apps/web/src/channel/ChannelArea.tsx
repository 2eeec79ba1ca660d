/** Channel view: per-wavelength reservations of a fiber link or core node, and histograms. */
export function ChannelArea() {
  return <p className="area-pending">The channel view is being built.</p>;
}
