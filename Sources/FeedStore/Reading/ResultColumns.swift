import GRDB

extension Statement {
    /// The position of the column named `name` (an `AS` alias of the SELECT list) in this statement's
    /// result. Readers look each name up once per statement and then read rows at those positions, so
    /// a row is read by name at the cost of reading it by index, and the order of a SELECT list never
    /// matters. A name the list lacks is an error naming it, never a value read from another column.
    func position(of name: String) throws -> Int {
        guard let index = index(ofColumn: name) else {
            throw FeedStoreError.inconsistent("no column \(name) in the result of \(sql)")
        }
        return index
    }

    /// Every row of this statement turned into a value by `make`, read through a cursor (no row copied).
    func map<T>(arguments: StatementArguments = [], _ make: (Row) throws -> T) throws -> [T] {
        var values: [T] = []
        let rows = try Row.fetchCursor(self, arguments: arguments)
        while let row = try rows.next() { values.append(try make(row)) }
        return values
    }
}
