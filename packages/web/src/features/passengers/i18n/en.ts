// Passengers strings (`passengers.*`), in their own namespace loaded with the feature's screens and windows. zh and th are
// typed against this shape.
const en = {
  passengers: {
    title: 'Passengers',
    chart: {
      title: 'Passengers · {{name}}',
      label: 'Passenger chart of {{name}}',
      close: 'Close',
      drag: 'Drag to move',
      refresh: 'Refresh',
      retry: 'Retry',
      ranges: {
        label: 'Time range',
        today: 'Today',
        yesterday: 'Yesterday',
        last3: 'Last 3 days',
        last7: 'Last 7 days',
      },
      modes: {
        label: 'Count by',
        time: 'By time',
        station: 'By station',
      },
      up: 'Boarded',
      down: 'Alighted',
      totals: '{{up}} boarded · {{down}} alighted',
      loading: 'Loading passenger counts…',
      noData: 'No passenger counts for this vehicle in the chosen time',
      failed: 'The passenger counts could not be loaded: {{reason}}',
      networkError: 'network error',
      otherStation: 'Other',
      directionUp: '↑',
      directionDown: '↓',
      stationTooltip: '{{name}} ({{direction}}, no. {{serial}})',
      directions: {
        up: 'up',
        down: 'down',
      },
    },
  },
};

export default en;
export type PassengersMessages = typeof en;
