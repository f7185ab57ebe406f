import { isScreen } from '../menu/catalogue.ts';

// Who may watch, play back and talk (docs/media.md "Permissions"): the video and talk buttons live in the live map's
// and the line map's info box, and Monitoring → Live video / VOD are screens of their own; view on any of them.
// The two video screens enter the menu catalogue with the console's work (issue 16); until they are there, routes
// must not name them (authenticate.ts refuses unknown screens), so they count from the moment they exist.

const VIDEO_SCREENS = ['MonitoringVideo', 'MonitoringVod'].filter(isScreen);
const SCREENS = ['MonitoringMap', 'MonitoringLineMap', ...VIDEO_SCREENS] as const;

export const VIDEO_VIEW = { screen: SCREENS, need: 'view' } as const;
