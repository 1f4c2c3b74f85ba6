/** The quick view and video overlays, opened from any product; loaded on the first open only. */
export default function Overlays() {
  return null;
}
