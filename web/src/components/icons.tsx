/**
 * The interface's glyphs, drawn as SVG (lucide) rather than emoji: a device without a colour emoji
 * font (many desktop Linux installs) would show an empty box where a button's only sign is. Each is
 * imported alone, so the bundle holds only these. They take the text's colour and size and are
 * decorative: what they mean is in the control's name.
 */
import type { ComponentType, SVGProps } from 'react';
import ChartLine from 'lucide-react/icons/chart-line';
import ChevronLeft from 'lucide-react/icons/chevron-left';
import ChevronRight from 'lucide-react/icons/chevron-right';
import FileText from 'lucide-react/icons/file-text';
import LayoutDashboard from 'lucide-react/icons/layout-dashboard';
import List from 'lucide-react/icons/list';
import Lock from 'lucide-react/icons/lock';
import LogOut from 'lucide-react/icons/log-out';
import Pencil from 'lucide-react/icons/pencil';
import Settings from 'lucide-react/icons/settings';
import Trash2 from 'lucide-react/icons/trash-2';

type IconProps = { className?: string };
/** A glyph of the interface, as `icon` makes it. */
export type IconGlyph = ComponentType<IconProps>;
type Glyph = ComponentType<SVGProps<SVGSVGElement> & { size?: string | number }>;

/** A glyph at the text's size, hidden from assistive technology. */
export const icon = (Glyph: Glyph) =>
  function Icon({ className }: IconProps) {
    return <Glyph className={className} size="1em" aria-hidden="true" focusable="false" />;
  };

export const TrashIcon = icon(Trash2);
export const PencilIcon = icon(Pencil);
export const PreviousIcon = icon(ChevronLeft);
export const NextIcon = icon(ChevronRight);
export const LockIcon = icon(Lock);
export const DashboardIcon = icon(LayoutDashboard);
export const ActivityIcon = icon(List);
export const InsightsIcon = icon(ChartLine);
export const ReportsIcon = icon(FileText);
export const SettingsIcon = icon(Settings);
export const LogoutIcon = icon(LogOut);

/** The logo's moon, filled, as the app's icons draw it. */
export function MoonIcon({ className }: IconProps) {
  return (
    <svg className={className} viewBox="0 0 24 24" width="1em" height="1em" aria-hidden="true" focusable="false" fill="currentColor">
      <path d="M20.5 14.6A8.5 8.5 0 0 1 9.4 3.5a8.5 8.5 0 1 0 11.1 11.1z" />
    </svg>
  );
}
