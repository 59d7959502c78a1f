// The streams are per engine, and the route pass gives each instruction its engine: `--emit
// asm` with `--after` is an error, and nothing is written.
// RUN: egfuse lower %s --emit asm --after place
func.func @main(%x: tensor<128x64xf32>) -> tensor<128x64xf32> {
  %e = stablehlo.exponential %x : tensor<128x64xf32>
  return %e : tensor<128x64xf32>
}
// ===== expected output (UPDATE_EXPECT=1 rewrites everything below) =====
// ----- egfuse lower %s --emit asm --after place
// ----- stderr
// error: --emit asm needs every pass: the streams are per engine, and the route pass gives each instruction its engine; drop --after
// ----- exit 2
