import { lazyRouteComponent } from '@tanstack/react-router';
import type { FeatureManifest } from '@/lib/feature-manifest';
import { checkedByThePage, optionalInt } from '@/lib/search-params';
import type { RoomAddress, RoomEditAddress } from './lib/room-search-params';

// issue 21: the video rooms' pages, one chunk with their dialogs (decision 068). Their addresses are checked
// by the pages (validateRoomSearch), not here: the first paint carries no code for a page it does not show.
const bbbScreens = () => import('./components/bbb-screens');

/** The video rooms: the room chooser, the room form, the shared room page and the room dialogs (decision 089). */
export const bbbManifest = {
  routes: [
    // the room chooser: its filters and the room of a bbb dialog live in the address
    {
      path: '/app/bigbluebutton',
      staticData: { name: 'bbb', access: 'loggedIn' },
      validateSearch: checkedByThePage<RoomAddress>(),
      component: lazyRouteComponent(bbbScreens, 'RoomChooserPage'),
    },
    {
      path: '/app/bigbluebutton/new',
      staticData: { name: 'bbbNew', access: 'loggedIn' },
      component: lazyRouteComponent(bbbScreens, 'NewRoomPage'),
    },
    {
      path: '/app/bigbluebutton/edit',
      staticData: { name: 'bbbEdit', access: 'loggedIn' },
      validateSearch: checkedByThePage<RoomEditAddress>(),
      component: lazyRouteComponent(bbbScreens, 'EditRoomPage'),
    },
    // spec 2.2 /b/{id}: the shared room page, without login (decision 069); ?join=1 joins a member at once
    {
      path: '/b/$id',
      staticData: { name: 'room', access: 'any', publicWithoutLogin: true },
      validateSearch: (search: Record<string, unknown>): { join?: 1 } => ({
        join: optionalInt(search.join) === 1 ? 1 : undefined,
      }),
      component: lazyRouteComponent(() => import('./components/room-page'), 'RoomPage'),
    },
  ],
  dialogs: {
    // decision 068: whether a pupil may create rooms is the school's permission level, which the dialog reads;
    // deleting is the room's owner's (a pupil may own one), which the dialog and the server check
    'bbb:create-room': { role: 'student' },
    'bbb:room-details': { role: 'student' },
    'bbb:delete-room': { role: 'student' },
  },
} as const satisfies FeatureManifest;
