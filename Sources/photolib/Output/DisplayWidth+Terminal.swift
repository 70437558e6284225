import PhotoTerminal

/// Text widths are measured the one way the terminal code measures them (PhotoTerminal's
/// `DisplayWidth`, which the browser needs below this target); tables, help and progress bars
/// here name it as before.
typealias DisplayWidth = PhotoTerminal.DisplayWidth
