/** The Wyoming ridge line behind the dark heroes: decorative, drawn in-line (no image request). */
export function Mountains() {
  return (
    <svg
      className="pointer-events-none absolute inset-x-0 bottom-0 h-40 w-full text-brand-700 dark:text-brand-800"
      viewBox="0 0 1200 160"
      preserveAspectRatio="none"
      aria-hidden="true"
    >
      <path fill="currentColor" fillOpacity="0.55" d="M0 160V96l120-52 90 38 140-70 110 62 90-34 150 74 120-56 130 48 110-40 140 58v82z" />
      <path fill="currentColor" d="M0 160v-36l150-38 120 30 160-52 130 44 140-34 150 46 130-28 220 40v28z" />
    </svg>
  );
}
