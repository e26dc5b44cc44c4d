// Precomputes the heights of chat messages on a server: how many rows each message takes
// at the widths its clients use, to size a transcript before it is sent, page history by
// height, or pre-render it.
//
//   message-heights --width 40 --width 24 < messages.jsonl > heights.jsonl
//
// Input: one message a line, {"id": "...", "text": "..."}. Output: one line a message,
// {"id": "...", "heights": {"24": h, "40": h}}, measured with the same rules and row style
// the client's table uses (here: terminal cells, one blank line under each message): a
// client's `TableSession` measures the same heights.
import ChatFormLayout
import Foundation

/// What the server receives.
struct Message: Decodable {
    var id: String
    var text: String
}

/// What it sends to clients.
struct MessageHeights: Encodable {
    var id: String
    var heights: [String: Double]
}

/// The client's row style: a message row with one blank line below it.
let messageStyle = RowStyle(padding: EdgeInsets(bottom: 1))

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("message-heights: \(message)\n".utf8))
    exit(2)
}

// Arguments: one or more --width N (positive whole numbers of cells).
var widths: [Double] = []
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
    guard argument == "--width", let value = arguments.popFirst(), let width = Int(value), width > 0 else {
        fail("usage: message-heights --width N [--width N ...] < messages.jsonl")
    }
    widths.append(Double(width))
}
if widths.isEmpty { fail("usage: message-heights --width N [--width N ...] < messages.jsonl") }

let decoder = JSONDecoder()
let encoder = JSONEncoder()
encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
let metrics = TerminalCellMetrics()
var output = Data()
var lineNumber = 0
while let line = readLine(strippingNewline: true) {
    lineNumber += 1
    if line.allSatisfy(\.isWhitespace) { continue }
    let message: Message
    do {
        message = try decoder.decode(Message.self, from: Data(line.utf8))
    } catch {
        fail("line \(lineNumber): not a message object {\"id\", \"text\"}")
    }
    let row = Row.text(message.id, message.text, style: messageStyle)
    var heights: [String: Double] = [:]
    for width in widths {
        do {
            let measurement = try RowMeasurement.measure(row, width: width, metrics: metrics, options: TextLayoutOptions())
            heights[String(Int(width))] = measurement.height
        } catch {
            fail("line \(lineNumber): \(error)")
        }
    }
    output.append(try encoder.encode(MessageHeights(id: message.id, heights: heights)))
    output.append(0x0A)
    if output.count > 1 << 16 {
        FileHandle.standardOutput.write(output)
        output.removeAll(keepingCapacity: true)
    }
}
FileHandle.standardOutput.write(output)
