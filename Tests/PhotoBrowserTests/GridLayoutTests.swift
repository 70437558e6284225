import Testing

@testable import PhotoBrowser

@Suite struct GridLayoutTests {
    @Test func cellsAtCommonSizes() {
        let small = GridLayout(columns: 80, rows: 24)
        #expect(small.gridColumns == 4 && small.cellWidth == 20 && small.pictureColumns == 18)
        // Six rows would fit two rows of cells, five fit three: five it is.
        #expect(small.pictureRows == 5 && small.cellHeight == 7 && small.gridRows == 3)
        #expect(small.cellsPerPage == 12 && small.statusRow == 23)

        let large = GridLayout(columns: 200, rows: 60)
        #expect(large.gridColumns == 10 && large.gridRows == 8 && large.cellsPerPage == 80)

        let odd = GridLayout(columns: 97, rows: 30)
        #expect(odd.gridColumns == 4 && odd.cellWidth == 24 && odd.pictureColumns == 22)
    }

    @Test func aTinyTerminalStillGetsOneCell() {
        let tiny = GridLayout(columns: 20, rows: 6)
        #expect(tiny.cellsPerPage == 1 && tiny.pictureRows == 2 && !tiny.isTooSmall)
        #expect(GridLayout(columns: 19, rows: 24).isTooSmall && GridLayout(columns: 80, rows: 4).isTooSmall)
        let narrow = GridLayout(columns: 30, rows: 40)
        #expect(narrow.gridColumns == 1 && narrow.cellWidth == 30)
    }

    @Test func withoutPicturesCellsAreCaptions() {
        let captions = GridLayout(columns: 80, rows: 24, showsPictures: false)
        #expect(captions.pictureRows == 0 && captions.cellHeight == 2 && captions.gridRows == 11)
    }

    @Test func slotsAndScreenPositionsAgree() {
        let layout = GridLayout(columns: 80, rows: 24)
        for slot in 0..<layout.cellsPerPage {
            let origin = layout.origin(ofSlot: slot)
            #expect(layout.slot(atRow: origin.row, column: origin.column) == slot)
            #expect(layout.slot(atRow: origin.row + layout.cellHeight - 1, column: origin.column + 19) == slot)
        }
        #expect(layout.slot(atRow: 0, column: 5) == nil)  // the tab bar
        #expect(layout.slot(atRow: 22, column: 5) == nil)  // below the last row of cells
    }
}
