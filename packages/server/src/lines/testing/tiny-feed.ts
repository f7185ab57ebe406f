/**
 * A complete, valid two-direction feed small enough to read in a test: one line "T1" out along a straight street
 * and back, three stops, two blocks. Tests break one file at a time to check the importer's messages.
 */
export function tinyFeed(): Record<string, string> {
  return {
    'agency.txt':
      'agency_id,agency_name,agency_url,agency_timezone\nA,Tiny Transit,https://example.org,Asia/Shanghai\n',
    'stops.txt': [
      'stop_id,stop_name,stop_lat,stop_lon',
      'S1,First Street,31.000000,121.000000',
      'S2,Second Street,31.000000,121.005000',
      'S3,Third Street,31.000000,121.010000',
    ].join('\n'),
    'routes.txt':
      'route_id,agency_id,route_short_name,route_long_name,route_type,route_color\nR1,A,T1,First - Third,3,FF8800\n',
    'calendar.txt': [
      'service_id,monday,tuesday,wednesday,thursday,friday,saturday,sunday,start_date,end_date',
      'WK,1,1,1,1,1,0,0,20260101,20261231',
    ].join('\n'),
    'shapes.txt': [
      'shape_id,shape_pt_lat,shape_pt_lon,shape_pt_sequence',
      'SH0,31.0001,121.000,1',
      'SH0,31.0001,121.010,2',
      'SH1,30.9999,121.010,1',
      'SH1,30.9999,121.000,2',
    ].join('\n'),
    'trips.txt': [
      'route_id,service_id,trip_id,trip_headsign,direction_id,block_id,shape_id',
      'R1,WK,T-out-1,Third,0,B1,SH0',
      'R1,WK,T-back-1,First,1,B1,SH1',
      'R1,WK,T-out-2,Third,0,B2,SH0',
      'R1,WK,T-short,Second,0,B2,SH0',
    ].join('\n'),
    'stop_times.txt': [
      'trip_id,arrival_time,departure_time,stop_id,stop_sequence',
      'T-out-1,08:00:00,08:00:00,S1,1',
      'T-out-1,08:02:00,08:02:30,S2,2',
      'T-out-1,08:05:00,08:05:00,S3,3',
      'T-back-1,08:15:00,08:15:00,S3,1',
      'T-back-1,,,S2,2',
      'T-back-1,08:21:00,08:21:00,S1,3',
      'T-out-2,08:30:00,08:30:00,S1,1',
      'T-out-2,08:32:00,08:32:00,S2,2',
      'T-out-2,08:35:00,08:35:00,S3,3',
      'T-short,25:00:00,25:00:00,S1,1',
      'T-short,25:02:00,25:02:00,S2,2',
    ].join('\n'),
  };
}
