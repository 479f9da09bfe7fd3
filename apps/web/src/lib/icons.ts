import {
  Atom,
  Bell,
  BookOpen,
  Brush,
  Bus,
  Calculator,
  Calendar,
  Camera,
  ClipboardList,
  Clock,
  Dumbbell,
  FileText,
  FlaskConical,
  Folder,
  Gamepad2,
  Globe,
  GraduationCap,
  HeartPulse,
  Image as ImageIcon,
  Languages,
  Laptop,
  Library,
  Lightbulb,
  Mail,
  Map as MapIcon,
  MessageCircle,
  MessageCircleQuestionMark,
  Microscope,
  Monitor,
  Music,
  Newspaper,
  NotebookPen,
  Palette,
  Presentation,
  Printer,
  Puzzle,
  Ruler,
  School,
  Trophy,
  Users,
  Utensils,
  Video,
  type LucideIcon,
  type LucideProps,
} from 'lucide-react';
import { createElement } from 'react';
import { DEFAULT_ICON_NAME } from '@aula/contracts';

/** The tile icons, keyed by lucide's kebab-case names; imported one by one so the bundle stays small. */
export const TILE_ICONS = {
  atom: Atom,
  bell: Bell,
  'book-open': BookOpen,
  brush: Brush,
  bus: Bus,
  calculator: Calculator,
  calendar: Calendar,
  camera: Camera,
  'clipboard-list': ClipboardList,
  clock: Clock,
  dumbbell: Dumbbell,
  'file-text': FileText,
  'flask-conical': FlaskConical,
  folder: Folder,
  'gamepad-2': Gamepad2,
  globe: Globe,
  'graduation-cap': GraduationCap,
  'heart-pulse': HeartPulse,
  image: ImageIcon,
  languages: Languages,
  laptop: Laptop,
  library: Library,
  lightbulb: Lightbulb,
  mail: Mail,
  map: MapIcon,
  'message-circle': MessageCircle,
  [DEFAULT_ICON_NAME]: MessageCircleQuestionMark,
  microscope: Microscope,
  monitor: Monitor,
  music: Music,
  newspaper: Newspaper,
  'notebook-pen': NotebookPen,
  palette: Palette,
  presentation: Presentation,
  printer: Printer,
  puzzle: Puzzle,
  ruler: Ruler,
  school: School,
  trophy: Trophy,
  users: Users,
  utensils: Utensils,
  video: Video,
} satisfies Record<string, LucideIcon>;

export type TileIconName = keyof typeof TILE_ICONS;

export function isTileIconName(name: string): name is TileIconName {
  return Object.hasOwn(TILE_ICONS, name);
}

/** Unknown names fall back to the default question-tile icon (spec 3.1). */
export function tileIcon(name: string): LucideIcon {
  return isTileIconName(name) ? TILE_ICONS[name] : MessageCircleQuestionMark;
}

/** A tile's icon by name; picks one of the static icon components above. */
export function TileIcon({ name, ...props }: LucideProps & { name: string }) {
  return createElement(tileIcon(name), props);
}
