-- Custom SQL migration file, put your code below! --
-- The error a pipelined hold raises when it lost a seat (src/services/order/hold-sql.ts): SQLSTATE MQ409,
-- the seats it won as JSON in DETAIL. SQL has no RAISE outside a function; failing the hold's own
-- statement makes the COMMIT written behind it roll the transaction back (db/prepared.ts).
CREATE FUNCTION marquee_hold_lost(won json) RETURNS integer LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'a seat of the hold was taken by another order' USING ERRCODE = 'MQ409', DETAIL = won::text;
END
$$;
