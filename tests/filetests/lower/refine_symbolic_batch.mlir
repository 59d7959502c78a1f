// A polymorphic export (JAX's current form: `@main` asserts the size and passes it to the
// exported function as the argument `jax.global_constant` names) lowers at the size --dim gives:
// the refine pass makes every `?` that size, the `dynamic_broadcast_in_dim` a `broadcast_in_dim`,
// and drops the assertion that holds. Without a size it is a diagnostic at the argument naming
// both spellings; a size the export's assertion rejects is that assertion's message.
// RUN: egfuse lower %s --dim b=5 --check --print-after refine -o %t
// RUN: egfuse lower %s --dim arg0.0=5 --check -o %t
// RUN: egfuse lower %s -o %t
// RUN: egfuse lower %s --dim b=0 -o %t
func.func public @main(%arg0: tensor<?x4xf32>) -> tensor<?x4xf32> {
  %c = stablehlo.constant dense<1> : tensor<i32>
  %0 = stablehlo.get_dimension_size %arg0, dim = 0 : (tensor<?x4xf32>) -> tensor<i32>
  %1 = stablehlo.compare GE, %0, %c, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
  stablehlo.custom_call @shape_assertion(%1, %0) {error_message = "Expected value >= 1 for dimension variable 'b', got {0}", has_side_effect = true} : (tensor<i1>, tensor<i32>) -> ()
  %2 = call @_wrapped_jax_export_main(%0, %arg0) : (tensor<i32>, tensor<?x4xf32>) -> tensor<?x4xf32>
  return %2 : tensor<?x4xf32>
}
func.func private @_wrapped_jax_export_main(%arg0: tensor<i32> {jax.global_constant = "b"}, %arg1: tensor<?x4xf32>) -> tensor<?x4xf32> {
  %c = stablehlo.constant dense<4> : tensor<1xi32>
  %z = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %0 = stablehlo.reduce(%arg1 init: %z) applies stablehlo.maximum across dimensions = [1] : (tensor<?x4xf32>, tensor<f32>) -> tensor<?xf32>
  %1 = stablehlo.reshape %arg0 : (tensor<i32>) -> tensor<1xi32>
  %2 = stablehlo.concatenate %1, %c, dim = 0 : (tensor<1xi32>, tensor<1xi32>) -> tensor<2xi32>
  %3 = stablehlo.dynamic_broadcast_in_dim %0, %2, dims = [0] : (tensor<?xf32>, tensor<2xi32>) -> tensor<?x4xf32>
  %4 = stablehlo.subtract %arg1, %3 : tensor<?x4xf32>
  %5 = stablehlo.exponential %4 : tensor<?x4xf32>
  return %5 : tensor<?x4xf32>
}
// ===== expected output (UPDATE_EXPECT=1 rewrites everything below) =====
// ----- egfuse lower %s --dim b=5 --check --print-after refine -o %t
// ----- stderr
// // -----// IR Dump After refine //----- //
// func.func public @main(%arg0: tensor<5x4xf32>) -> tensor<5x4xf32> {
//   %z = stablehlo.constant dense<0xFF800000> : tensor<f32>
//   %0 = stablehlo.reduce(%arg0 init: %z) applies stablehlo.maximum across dimensions = [1] : (tensor<5x4xf32>, tensor<f32>) -> tensor<5xf32>
//   %1 = stablehlo.broadcast_in_dim %0, dims = [0] : (tensor<5xf32>) -> tensor<5x4xf32>
//   %2 = stablehlo.subtract %arg0, %1 : tensor<5x4xf32>
//   %3 = stablehlo.exponential %2 : tensor<5x4xf32>
//   return %3 : tensor<5x4xf32>
// }
//
// lowered 2 kernels (SubExp x1, stablehlo.reduce x1), estimate 187.049 ns; device program: 2 calls
// check: 2 of 2 kernels agree with the ops they lower
// check: the device program of @main agrees with the function on its 1 result
// check: the streams of 2 of 2 kernels are deadlock-free and race-free (6 semaphores)
// check: 2 of 2 kernels' streams read and write what the sequential order does in 10 random interleavings
// ----- exit 0
// ----- egfuse lower %s --dim arg0.0=5 --check -o %t
// ----- stderr
// lowered 2 kernels (SubExp x1, stablehlo.reduce x1), estimate 187.049 ns; device program: 2 calls
// check: 2 of 2 kernels agree with the ops they lower
// check: the device program of @main agrees with the function on its 1 result
// check: the streams of 2 of 2 kernels are deadlock-free and race-free (6 semaphores)
// check: 2 of 2 kernels' streams read and write what the sequential order does in 10 random interleavings
// ----- exit 0
// ----- egfuse lower %s -o %t
// ----- stderr
// error: tests/filetests/lower/refine_symbolic_batch.mlir:10:24: `@main`'s argument 0 has a symbolic dimension 0 (`tensor<?x4xf32>`)
//     ╭─[tests/filetests/lower/refine_symbolic_batch.mlir:10:24]
//   9 │ // RUN: egfuse lower %s --dim b=0 -o %t
//  10 │ func.func public @main(%arg0: tensor<?x4xf32>) -> tensor<?x4xf32> {
//     ·                        ──┬──
//     ·                          ╰── this argument
//  11 │   %c = stablehlo.constant dense<1> : tensor<i32>
//     ╰────
//   help: the device runs static shapes: give the size with --dim b=N (JAX's name for it) or --dim
//         arg0.0=N
// ----- exit 2
// ----- egfuse lower %s --dim b=0 -o %t
// ----- stderr
// error: tests/filetests/lower/refine_symbolic_batch.mlir:14:3: the sizes --dim gives fail the export's shape assertion: Expected value >= 1 for dimension variable 'b', got 0
//     ╭─[tests/filetests/lower/refine_symbolic_batch.mlir:14:3]
//  13 │   %1 = stablehlo.compare GE, %0, %c, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
//  14 │   stablehlo.custom_call @shape_assertion(%1, %0) {error_message = "Expected value >= 1 for dimension variable 'b', got {0}", has_side_effect = true} : (tensor<i1>, tensor<i32>) -> ()
//     ·   ──────────────────────────────────────────────────────────────────────────────────────────┬─────────────────────────────────────────────────────────────────────────────────────────
//     ·                                                                                             ╰── this assertion
//  15 │   %2 = call @_wrapped_jax_export_main(%0, %arg0) : (tensor<i32>, tensor<?x4xf32>) -> tensor<?x4xf32>
//     ╰────
// ----- exit 2
