/** Button icons as SVG: unicode symbols (❚❚, ▶) render at different sizes per font. */
const common = { width: 16, height: 16, viewBox: '0 0 16 16', 'aria-hidden': true, className: 'icon' } as const;

export const PlayIcon = () => (
  <svg {...common}>
    <path d="M3 1.5 L14 8 L3 14.5 Z" fill="currentColor" />
  </svg>
);

export const PauseIcon = () => (
  <svg {...common}>
    <rect x="2.5" y="1.5" width="4" height="13" fill="currentColor" />
    <rect x="9.5" y="1.5" width="4" height="13" fill="currentColor" />
  </svg>
);

export const ResetIcon = () => (
  <svg {...common}>
    <path d="M3.5 8 A4.5 4.5 0 1 0 5 4.6" fill="none" stroke="currentColor" strokeWidth="2" />
    <path d="M2 1.5 L6.5 2.5 L3.5 6.5 Z" fill="currentColor" />
  </svg>
);

export const StepIcon = () => (
  <svg {...common}>
    <path d="M2 1.5 L10 8 L2 14.5 Z" fill="currentColor" />
    <rect x="11" y="1.5" width="3" height="13" fill="currentColor" />
  </svg>
);
