/** Real US cities used as markets: centre coordinates, state, IANA zone, an area code and a ZIP prefix. */
export interface City {
  name: string;
  state: string;
  stateName: string;
  timezone: string;
  latitude: number;
  longitude: number;
  areaCode: string;
  zipPrefix: string;
  /** Relative size: how many theatres the market gets compared with the others. */
  weight: number;
}

const c = (
  name: string,
  state: string,
  stateName: string,
  timezone: string,
  latitude: number,
  longitude: number,
  areaCode: string,
  zipPrefix: string,
  weight: number,
): City => ({ name, state, stateName, timezone, latitude, longitude, areaCode, zipPrefix, weight });

/** In market order: scale 1 uses the first ten; larger scales add the rest. */
export const CITIES: City[] = [
  c('New York', 'NY', 'New York', 'America/New_York', 40.7128, -74.006, '212', '100', 6),
  c('Los Angeles', 'CA', 'California', 'America/Los_Angeles', 34.0522, -118.2437, '213', '900', 6),
  c('Chicago', 'IL', 'Illinois', 'America/Chicago', 41.8781, -87.6298, '312', '606', 5),
  c('Dallas', 'TX', 'Texas', 'America/Chicago', 32.7767, -96.797, '214', '752', 4),
  c('Atlanta', 'GA', 'Georgia', 'America/New_York', 33.749, -84.388, '404', '303', 4),
  c('Phoenix', 'AZ', 'Arizona', 'America/Phoenix', 33.4484, -112.074, '602', '850', 3),
  c('Denver', 'CO', 'Colorado', 'America/Denver', 39.7392, -104.9903, '303', '802', 3),
  c('Seattle', 'WA', 'Washington', 'America/Los_Angeles', 47.6062, -122.3321, '206', '981', 3),
  c('Boston', 'MA', 'Massachusetts', 'America/New_York', 42.3601, -71.0589, '617', '021', 3),
  c('Miami', 'FL', 'Florida', 'America/New_York', 25.7617, -80.1918, '305', '331', 3),
  c('Houston', 'TX', 'Texas', 'America/Chicago', 29.7604, -95.3698, '713', '770', 4),
  c('San Francisco', 'CA', 'California', 'America/Los_Angeles', 37.7749, -122.4194, '415', '941', 3),
  c('Philadelphia', 'PA', 'Pennsylvania', 'America/New_York', 39.9526, -75.1652, '215', '191', 4),
  c('Washington', 'DC', 'District of Columbia', 'America/New_York', 38.9072, -77.0369, '202', '200', 3),
  c('San Diego', 'CA', 'California', 'America/Los_Angeles', 32.7157, -117.1611, '619', '921', 3),
  c('Minneapolis', 'MN', 'Minnesota', 'America/Chicago', 44.9778, -93.265, '612', '554', 3),
  c('Detroit', 'MI', 'Michigan', 'America/Detroit', 42.3314, -83.0458, '313', '482', 3),
  c('Tampa', 'FL', 'Florida', 'America/New_York', 27.9506, -82.4572, '813', '336', 3),
  c('Orlando', 'FL', 'Florida', 'America/New_York', 28.5383, -81.3792, '407', '328', 3),
  c('St. Louis', 'MO', 'Missouri', 'America/Chicago', 38.627, -90.1994, '314', '631', 2),
  c('Kansas City', 'MO', 'Missouri', 'America/Chicago', 39.0997, -94.5786, '816', '641', 2),
  c('Salt Lake City', 'UT', 'Utah', 'America/Denver', 40.7608, -111.891, '801', '841', 2),
  c('Las Vegas', 'NV', 'Nevada', 'America/Los_Angeles', 36.1699, -115.1398, '702', '891', 3),
  c('Portland', 'OR', 'Oregon', 'America/Los_Angeles', 45.5152, -122.6784, '503', '972', 2),
  c('Sacramento', 'CA', 'California', 'America/Los_Angeles', 38.5816, -121.4944, '916', '958', 2),
  c('San Antonio', 'TX', 'Texas', 'America/Chicago', 29.4241, -98.4936, '210', '782', 3),
  c('Austin', 'TX', 'Texas', 'America/Chicago', 30.2672, -97.7431, '512', '787', 3),
  c('Nashville', 'TN', 'Tennessee', 'America/Chicago', 36.1627, -86.7816, '615', '372', 2),
  c('Charlotte', 'NC', 'North Carolina', 'America/New_York', 35.2271, -80.8431, '704', '282', 2),
  c('Raleigh', 'NC', 'North Carolina', 'America/New_York', 35.7796, -78.6382, '919', '276', 2),
  c('Baltimore', 'MD', 'Maryland', 'America/New_York', 39.2904, -76.6122, '410', '212', 2),
  c('Pittsburgh', 'PA', 'Pennsylvania', 'America/New_York', 40.4406, -79.9959, '412', '152', 2),
  c('Cleveland', 'OH', 'Ohio', 'America/New_York', 41.4993, -81.6944, '216', '441', 2),
  c('Columbus', 'OH', 'Ohio', 'America/New_York', 39.9612, -82.9988, '614', '432', 2),
  c('Indianapolis', 'IN', 'Indiana', 'America/Indiana/Indianapolis', 39.7684, -86.1581, '317', '462', 2),
  c('Cincinnati', 'OH', 'Ohio', 'America/New_York', 39.1031, -84.512, '513', '452', 2),
  c('Milwaukee', 'WI', 'Wisconsin', 'America/Chicago', 43.0389, -87.9065, '414', '532', 2),
  c('New Orleans', 'LA', 'Louisiana', 'America/Chicago', 29.9511, -90.0715, '504', '701', 2),
  c('Oklahoma City', 'OK', 'Oklahoma', 'America/Chicago', 35.4676, -97.5164, '405', '731', 2),
  c('Albuquerque', 'NM', 'New Mexico', 'America/Denver', 35.0844, -106.6504, '505', '871', 2),
  c('Tucson', 'AZ', 'Arizona', 'America/Phoenix', 32.2226, -110.9747, '520', '857', 2),
  c('Boise', 'ID', 'Idaho', 'America/Boise', 43.615, -116.2023, '208', '837', 1),
  c('Omaha', 'NE', 'Nebraska', 'America/Chicago', 41.2565, -95.9345, '402', '681', 1),
  c('Louisville', 'KY', 'Kentucky', 'America/Kentucky/Louisville', 38.2527, -85.7585, '502', '402', 1),
  c('Memphis', 'TN', 'Tennessee', 'America/Chicago', 35.1495, -90.049, '901', '381', 1),
  c('Richmond', 'VA', 'Virginia', 'America/New_York', 37.5407, -77.436, '804', '232', 1),
  c('Jacksonville', 'FL', 'Florida', 'America/New_York', 30.3322, -81.6557, '904', '322', 2),
  c('Birmingham', 'AL', 'Alabama', 'America/Chicago', 33.5186, -86.8104, '205', '352', 1),
  c('El Paso', 'TX', 'Texas', 'America/Denver', 31.7619, -106.485, '915', '799', 1),
  c('Spokane', 'WA', 'Washington', 'America/Los_Angeles', 47.6588, -117.426, '509', '992', 1),
  c('Fresno', 'CA', 'California', 'America/Los_Angeles', 36.7378, -119.7871, '559', '937', 1),
  c('Honolulu', 'HI', 'Hawaii', 'Pacific/Honolulu', 21.3069, -157.8583, '808', '968', 1),
  c('Anchorage', 'AK', 'Alaska', 'America/Anchorage', 61.2181, -149.9003, '907', '995', 1),
];

/** Place names that make theatre names ("Chicago Riverfront 14"). */
export const PLACES = [
  'Town Center', 'Riverfront', 'Plaza', 'Crossing', 'Commons', 'Village', 'Station', 'Galleria',
  'Marketplace', 'Square', 'Heights', 'Pointe', 'Landing', 'Park Place', 'Promenade', 'Gateway',
  'Harbor', 'Meadows', 'Junction', 'Downtown', 'Uptown', 'Midtown', 'Lakeside', 'Hills', 'Grove',
  'Parkway', 'Springs', 'Terrace', 'Fashion Center', 'Mills',
];

export const DIRECTIONS = ['North', 'South', 'East', 'West', 'Northeast', 'Northwest', 'Southeast', 'Southwest'];

export const STREETS = [
  'Main St', 'Broadway', 'Market St', 'Oak Ave', 'Maple Ave', 'Park Blvd', 'Center St', 'Lake Dr',
  'Washington Ave', 'Lincoln Blvd', 'Elm St', 'Hillside Rd', 'Commerce Pkwy', 'Harbor Blvd',
  'Sunset Blvd', 'River Rd', 'Mill St', 'Highland Ave', 'Grand Ave', 'Union St',
];
