package agg

import "math/big"

// stddev returns the standard deviation DTrace prints for stddev() data
// (count, total, 128-bit sum of squares) under normalization normal:
// the integer square root of sumsq/normal/count - (total/normal/count)^2,
// in 128-bit unsigned arithmetic with its wrap-around, as dt_stddev
// computes it.
func stddev(data []int64, normal uint64) uint64 {
	if data[0] == 0 {
		return 0
	}
	if normal == 0 {
		normal = 1
	}
	var sq, t big.Int
	sq.SetUint64(uint64(data[3]))
	sq.Lsh(&sq, 64)
	sq.Or(&sq, t.SetUint64(uint64(data[2])))
	sq.Quo(&sq, t.SetUint64(normal))
	sq.Quo(&sq, t.SetUint64(uint64(data[0])))
	avg := data[1] / int64(normal) / data[0]
	if avg < 0 {
		avg = -avg
	}
	t.SetUint64(uint64(avg))
	t.Mul(&t, &t)
	sq.Sub(&sq, &t)
	if sq.Sign() < 0 {
		sq.Add(&sq, new(big.Int).Lsh(big.NewInt(1), 128))
	}
	return sq.Sqrt(&sq).Uint64()
}
