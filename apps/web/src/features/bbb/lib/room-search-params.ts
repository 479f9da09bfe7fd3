// The address of /app/bigbluebutton (decision 068). This file is on the start path (the route table's
// validateSearch), so it only checks the shape, with the readers the start path already has and no zod;
// room-search.ts, loaded with the page, turns it into the list's query.
import type { RoomType } from '@aula/contracts';
import { optionalInt, optionalOneOf, optionalText } from '@/lib/search-params';

/** spec 3.6 roomType: all I can see, the rooms I own, the rooms shared with me (contracts' ROOM_TYPES). */
export const ROOM_LIST_TYPES = ['all', 'own', 'shared'] as const satisfies readonly RoomType[];

/** The most rooms a page may show (contracts' MAX_ROOMS_PER_PAGE; the server refuses more). */
export const ROOMS_PER_PAGE_MAX = 100;

/**
 * The filters as the address writes them: `?q=Mathe&roomType=own&showAll=true&perPage=50&page=2`, and `room`,
 * the room a bbb dialog (room-details, delete-room) shows. Absent means the default (no text, all rooms,
 * 20 a page, page 1, only my own and shared rooms).
 */
export interface RoomAddress {
  page?: number;
  perPage?: number;
  q?: string;
  roomType?: RoomType;
  /** admins: every room of the school */
  showAll?: boolean;
  room?: number;
}

/** `true` from `?showAll=true` (the router reads it as a boolean, a hand-typed address may say "true"). */
function optionalTrue(value: unknown): true | undefined {
  return value === true || value === 'true' ? true : undefined;
}

/**
 * The route's validateSearch: a mistyped address still opens the page (decision 049) with whatever part of it
 * made sense. Whether showAll applies (admins only) is the page's business; the server decides anyway.
 */
export function validateRoomSearch(search: Record<string, unknown>): RoomAddress {
  const perPage = optionalInt(search.perPage, { positive: true });
  return {
    page: optionalInt(search.page, { positive: true }),
    perPage: perPage !== undefined && perPage <= ROOMS_PER_PAGE_MAX ? perPage : undefined,
    q: optionalText(search.q)?.trim().slice(0, 100) || undefined,
    roomType: optionalOneOf(ROOM_LIST_TYPES, search.roomType),
    showAll: optionalTrue(search.showAll),
    room: optionalInt(search.room, { positive: true }),
  };
}

/** /app/bigbluebutton/edit?id=…: the room to edit. */
export function validateRoomEditSearch(search: Record<string, unknown>): { id?: number } {
  return { id: optionalInt(search.id, { positive: true }) };
}
