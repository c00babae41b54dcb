import type { SVGProps } from 'react';

type IconProps = SVGProps<SVGSVGElement>;

/** Small inline icons (no icon library): decorative, hidden from assistive technology. */
function Icon({ children, ...props }: IconProps) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      className="h-5 w-5"
      {...props}
    >
      {children}
    </svg>
  );
}

/**
 * An icon of the paths given (each an SVG path's `d`, on a 24-unit square), drawn as every
 * icon is: one stroke, no fill.
 */
const icon = (...paths: string[]) =>
  function DrawnIcon(props: IconProps) {
    return (
      <Icon {...props}>
        {paths.map((d) => (
          <path key={d} d={d} />
        ))}
      </Icon>
    );
  };

/** A circle's outline as a path: two half-turns from its left edge. */
const circle = (cx: number, cy: number, r: number) =>
  `M${cx - r} ${cy}a${r} ${r} 0 1 0 ${2 * r} 0a${r} ${r} 0 1 0 ${-2 * r} 0`;

/** A rectangle's outline as a path, its corners rounded by `rx`, clockwise from the top. */
const rect = (x: number, y: number, width: number, height: number, rx: number) => {
  const corner = (dx: number, dy: number) => `a${rx} ${rx} 0 0 1 ${dx} ${dy}`;
  const w = width - 2 * rx;
  const h = height - 2 * rx;
  return `M${x + rx} ${y}h${w}${corner(rx, rx)}v${h}${corner(-rx, rx)}h${-w}${corner(-rx, -rx)}v${-h}${corner(rx, -rx)}z`;
};

export const BellIcon = icon(
  'M6 8a6 6 0 1 1 12 0c0 7 3 9 3 9H3s3-2 3-9',
  'M10.3 21a1.94 1.94 0 0 0 3.4 0',
);
export const MenuIcon = icon('M4 6h16M4 12h16M4 18h16');
export const CloseIcon = icon('M18 6 6 18M6 6l12 12');
export const CheckIcon = icon('M20 6 9 17l-5-5');
export const MailIcon = icon(rect(2, 4, 20, 16, 2), 'm22 7-10 6L2 7');
export const LockIcon = icon(rect(3, 11, 18, 11, 2), 'M7 11V7a5 5 0 0 1 10 0v4');
export const RefreshIcon = icon('M21 12a9 9 0 1 1-2.64-6.36L21 8', 'M21 3v5h-5');
export const PlusIcon = icon('M12 5v14M5 12h14');
export const SearchIcon = icon(circle(11, 11, 7), 'm21 21-4.3-4.3');
export const BackIcon = icon('m15 18-6-6 6-6');
export const LogoutIcon = icon('M9 21H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h4M16 17l5-5-5-5M21 12H9');
export const DashboardIcon = icon(
  rect(3, 3, 7, 9, 1),
  rect(14, 3, 7, 5, 1),
  rect(14, 12, 7, 9, 1),
  rect(3, 16, 7, 5, 1),
);
export const WalletIcon = icon(
  'M20 7V5a2 2 0 0 0-2-2H5a2 2 0 0 0 0 4h15v12a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V5',
  'M16 14h.01',
);
export const UserIcon = icon(circle(12, 8, 4), 'M4 21a8 8 0 0 1 16 0');
export const ArrowUpRightIcon = icon('M7 17 17 7M8 7h9v9');
export const ArrowDownLeftIcon = icon('M17 7 7 17M16 17H7V8');
export const ReportIcon = icon(
  'M14 3H6a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2V9z',
  'M14 3v6h6M8 17v-3M12 17v-5M16 17v-2',
);
export const UsersIcon = icon(
  circle(9, 8, 4),
  'M2 21a7 7 0 0 1 14 0M16 4a4 4 0 0 1 0 8M22 21a7 7 0 0 0-4-6.3',
);
export const BuildingIcon = icon(
  rect(4, 2, 16, 20, 1),
  'M9 22v-4h6v4M8 6h.01M12 6h.01M16 6h.01M8 10h.01M12 10h.01M16 10h.01M8 14h.01M12 14h.01M16 14h.01',
);
export const TeamIcon = icon(
  circle(12, 7, 3),
  circle(5, 10, 2),
  circle(19, 10, 2),
  'M7 21a5 5 0 0 1 10 0M1 20a4 4 0 0 1 5-3.9M23 20a4 4 0 0 0-5-3.9',
);
export const BriefcaseIcon = icon(
  rect(2, 7, 20, 14, 2),
  'M16 7V5a2 2 0 0 0-2-2h-4a2 2 0 0 0-2 2v2M2 13h20',
);
export const BankIcon = icon('M3 10 12 4l9 6M5 10v8M9.5 10v8M14.5 10v8M19 10v8M3 21h18');
export const CardIcon = icon(rect(2, 5, 20, 14, 2), 'M2 10h20M6 15h4');
export const StatementIcon = icon(
  'M14 3H6a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2V9z',
  'M14 3v6h6M8 13h8M8 17h5',
);
export const HistoryIcon = icon('M3 12a9 9 0 1 0 3-6.7L3 8', 'M3 3v5h5M12 7v5l3 3');
export const RepeatIcon = icon(
  'm17 2 4 4-4 4',
  'M3 11v-1a4 4 0 0 1 4-4h14',
  'm7 22-4-4 4-4',
  'M21 13v1a4 4 0 0 1-4 4H3',
);
export const ChevronDownIcon = icon('m6 9 6 6 6-6');
export const UploadIcon = icon(
  'M21 15v4a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2v-4',
  'm17 8-5-5-5 5M12 3v12',
);
export const CalendarIcon = icon(rect(3, 4, 18, 18, 2), 'M16 2v4M8 2v4M3 10h18');

/** The tag's hole is a filled dot, the one shape no stroke draws. */
export function TagIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M12.6 2.6A2 2 0 0 0 11.2 2H4a2 2 0 0 0-2 2v7.2a2 2 0 0 0 .6 1.4l8.7 8.7a2.4 2.4 0 0 0 3.4 0l6.6-6.6a2.4 2.4 0 0 0 0-3.4z" />
      <circle cx="7.5" cy="7.5" r=".5" fill="currentColor" />
    </Icon>
  );
}
