//! Quantities and units of the target format: reading `27.2 GB/s` into an exact integer of the
//! quantity's base unit (bytes per second), and printing it back in the largest unit that keeps
//! the value at least one.
//!
//! Values are decimal numbers; a value is kept only when it is a whole number of the base unit,
//! so no rounding ever happens and printing round-trips.

/// What a key measures, which fixes the units its value may be written in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Quantity {
    /// A plain number, written without a unit.
    Count,
    /// Bytes: `B`, `KiB`, `MiB`, `GiB`.
    Bytes,
    /// Kilohertz: `kHz`, `MHz`, `GHz`.
    Frequency,
    /// Bytes per second: `B/s`, `MB/s`, `GB/s`, `GiB/s`, `TB/s`.
    Bandwidth,
    /// Picoseconds: `ps`, `ns`, `us`, `ms`.
    Time,
    /// Engine cycles: `cycles`.
    Cycles,
    /// Tensor elements: `elem`.
    Elements,
    /// Elements an engine consumes per cycle: `elem/cycle`.
    ElementsPerCycle,
    /// Bits: `bit`.
    Bits,
}

/// One spelling of a unit: its text, how many base units it is, and whether the printer uses
/// it (`GiB/s` is read but bandwidths print in decimal units).
struct UnitDef {
    name: &'static str,
    factor: u64,
    print: bool,
}

const fn unit(name: &'static str, factor: u64) -> UnitDef {
    UnitDef {
        name,
        factor,
        print: true,
    }
}

const COUNT: &[UnitDef] = &[unit("", 1)];
const BYTES: &[UnitDef] = &[
    unit("GiB", 1 << 30),
    unit("MiB", 1 << 20),
    unit("KiB", 1 << 10),
    unit("B", 1),
];
const FREQUENCY: &[UnitDef] = &[unit("GHz", 1_000_000), unit("MHz", 1_000), unit("kHz", 1)];
const BANDWIDTH: &[UnitDef] = &[
    unit("TB/s", 1_000_000_000_000),
    UnitDef {
        name: "GiB/s",
        factor: 1 << 30,
        print: false,
    },
    unit("GB/s", 1_000_000_000),
    unit("MB/s", 1_000_000),
    unit("B/s", 1),
];
const TIME: &[UnitDef] = &[
    unit("ms", 1_000_000_000),
    unit("us", 1_000_000),
    unit("ns", 1_000),
    unit("ps", 1),
];
const CYCLES: &[UnitDef] = &[unit("cycles", 1)];
const ELEMENTS: &[UnitDef] = &[unit("elem", 1)];
const PER_CYCLE: &[UnitDef] = &[unit("elem/cycle", 1)];
const BITS: &[UnitDef] = &[unit("bit", 1)];

impl Quantity {
    fn units(self) -> &'static [UnitDef] {
        match self {
            Quantity::Count => COUNT,
            Quantity::Bytes => BYTES,
            Quantity::Frequency => FREQUENCY,
            Quantity::Bandwidth => BANDWIDTH,
            Quantity::Time => TIME,
            Quantity::Cycles => CYCLES,
            Quantity::Elements => ELEMENTS,
            Quantity::ElementsPerCycle => PER_CYCLE,
            Quantity::Bits => BITS,
        }
    }

    /// What the quantity is, for messages: `a frequency`.
    pub fn what(self) -> &'static str {
        match self {
            Quantity::Count => "a plain number",
            Quantity::Bytes => "a size",
            Quantity::Frequency => "a frequency",
            Quantity::Bandwidth => "a bandwidth",
            Quantity::Time => "a time",
            Quantity::Cycles => "a number of cycles",
            Quantity::Elements => "a number of elements",
            Quantity::ElementsPerCycle => "a rate",
            Quantity::Bits => "a width",
        }
    }

    /// The accepted units, for messages: `B, KiB, MiB or GiB`.
    pub fn unit_list(self) -> String {
        let names: Vec<&str> = self.units().iter().rev().map(|u| u.name).collect();
        match names.split_last() {
            Some((last, rest)) if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
            _ => names.concat(),
        }
    }

    /// The base unit the value is stored in.
    pub fn base(self) -> &'static str {
        self.units().last().map_or("", |u| u.name)
    }

    /// How many base units `unit` is, when the quantity accepts it.
    pub fn factor(self, unit: &str) -> Option<u64> {
        self.units()
            .iter()
            .find(|u| u.name == unit)
            .map(|u| u.factor)
    }

    /// `value` (in base units) in the largest printable unit that keeps it at least one, with
    /// as many decimals as it needs (they always end: every factor divides a power of ten).
    pub fn format(self, value: u64) -> String {
        let units = self.units();
        let chosen = units
            .iter()
            .filter(|u| u.print)
            .find(|u| value >= u.factor)
            .unwrap_or(&units[units.len() - 1]);
        let number = decimal(value, chosen.factor);
        if chosen.name.is_empty() {
            number
        } else {
            format!("{number} {}", chosen.name)
        }
    }
}

/// `value / factor` written exactly in decimal.
fn decimal(value: u64, factor: u64) -> String {
    let mut out = (value / factor).to_string();
    let mut rem = u128::from(value % factor);
    let factor = u128::from(factor);
    if rem != 0 {
        out.push('.');
    }
    while rem != 0 {
        rem *= 10;
        out.push(char::from(b'0' + (rem / factor) as u8));
        rem %= factor;
    }
    out
}

/// Why a value did not read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NumberError {
    /// Not a decimal number at all.
    Malformed,
    /// A well-formed number with a minus sign.
    Negative,
    /// More than the base unit's `u64` holds.
    TooLarge,
    /// A fraction of the base unit (`1.0000005 GHz` is not a whole number of kHz).
    NotWhole,
}

/// Reads the decimal `text` written in a unit worth `factor` base units.
pub fn read(text: &str, factor: u64) -> Result<u64, NumberError> {
    if let Some(rest) = text.strip_prefix('-') {
        return match read(rest, factor) {
            Err(NumberError::Malformed) => Err(NumberError::Malformed),
            _ => Err(NumberError::Negative),
        };
    }
    let (whole, frac) = text.split_once('.').unwrap_or((text, ""));
    let digits = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
    if whole.is_empty() || !digits(whole) || !digits(frac) || text.ends_with('.') {
        return Err(NumberError::Malformed);
    }
    let mut mantissa: u128 = 0;
    for b in whole.bytes().chain(frac.bytes()) {
        mantissa = mantissa
            .checked_mul(10)
            .and_then(|m| m.checked_add(u128::from(b - b'0')))
            .ok_or(NumberError::TooLarge)?;
    }
    let scaled = mantissa
        .checked_mul(u128::from(factor))
        .ok_or(NumberError::TooLarge)?;
    let divisor = u32::try_from(frac.len())
        .ok()
        .and_then(|n| 10u128.checked_pow(n))
        .ok_or(NumberError::NotWhole)?;
    if scaled % divisor != 0 {
        return Err(NumberError::NotWhole);
    }
    u64::try_from(scaled / divisor).map_err(|_| NumberError::TooLarge)
}

#[cfg(test)]
mod tests {
    use super::{read, NumberError, Quantity};

    #[test]
    fn values_read_exactly_in_base_units() {
        assert_eq!(read("1.12", 1_000_000), Ok(1_120_000));
        assert_eq!(read("27.2", 1_000_000_000), Ok(27_200_000_000));
        assert_eq!(read("24", 1 << 20), Ok(24 << 20));
        assert_eq!(read("0.5", 1), Err(NumberError::NotWhole));
        assert_eq!(read("-3", 1), Err(NumberError::Negative));
        assert_eq!(read("-x", 1), Err(NumberError::Malformed));
        for bad in ["", ".5", "5.", "1.2.3", "1e3", "0x10", "12a"] {
            assert_eq!(read(bad, 1), Err(NumberError::Malformed), "{bad:?}");
        }
        assert_eq!(read("18446744073709551616", 1), Err(NumberError::TooLarge));
        assert_eq!(read("18446744073709551615", 1), Ok(u64::MAX));
    }

    #[test]
    fn printing_picks_the_largest_unit_and_reads_back() {
        let cases = [
            (Quantity::Frequency, 1_120_000, "1.12 GHz"),
            (Quantity::Bandwidth, 410_000_000_000, "410 GB/s"),
            (Quantity::Bandwidth, 27_200_000_000, "27.2 GB/s"),
            (Quantity::Bytes, 24 << 20, "24 MiB"),
            (Quantity::Bytes, 1536, "1.5 KiB"),
            (Quantity::Time, 500_000, "500 ns"),
            (Quantity::Time, 0, "0 ps"),
            (Quantity::Count, 128, "128"),
        ];
        for (q, value, text) in cases {
            assert_eq!(q.format(value), text);
            let (number, unit) = text.split_once(' ').unwrap_or((text, ""));
            assert_eq!(read(number, q.factor(unit).unwrap()), Ok(value), "{text}");
        }
        assert_eq!(Quantity::Bytes.unit_list(), "B, KiB, MiB or GiB");
        assert_eq!(Quantity::Bandwidth.base(), "B/s");
    }
}
