module attributes {foo = "bar} {
}
