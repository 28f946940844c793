/** Mean radius of the Earth (IUGG, km): the one constant of every distance, in TypeScript and SQL. */
export const EARTH_RADIUS_KM = 6371.0088;
