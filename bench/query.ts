/** The nested query of the issue: its statement count must not grow with the number of showtimes. */
export const NESTED_QUERY = `query Nested($id: Int!, $date: String!) {
  theatre(id: $id) {
    id name
    showtimes(date: $date) {
      id showDateTimeUtc
      movie { name castAndCrew { job person { name } } }
      attributes { code }
      seatingLayout { seats { seatStatus } }
    }
  }
}`;
