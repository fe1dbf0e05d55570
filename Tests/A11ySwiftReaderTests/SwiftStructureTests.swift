import Testing
@testable import A11ySwiftReader

@Suite struct SwiftStructureTests {
    private func chain(_ code: String, at needle: String) -> (text: String, links: [String]) {
        let source = SwiftSource(code)
        let offset = Array(code.utf8).firstRange(of: Array(needle.utf8))!.lowerBound
        return source.withUnsafeTables { tables in
            let chain = SwiftStructure(tables: tables).chain(at: offset)
            let bytes = source.bytes
            return (String(decoding: bytes[chain.start..<chain.end], as: UTF8.self),
                    chain.links.map { String(decoding: bytes[$0], as: UTF8.self) })
        }
    }

    @Test func chainAcrossLinesWithTrailingClosuresAndComments() {
        let code = """
        VStack {
            Button {
                go()
            } label: {
                Text("Go")
            }
            // comment
            .padding(4)
            .onTapGesture(count: 1) { tap() }
            Text("next")
        }
        """
        let found = chain(code, at: ".onTapGesture")
        #expect(found.links == ["Button {\n        go()\n    } label: {\n        Text(\"Go\")\n    }",
                                ".padding(4)", ".onTapGesture(count: 1) { tap() }"])
    }

    @Test func qualifiedHeadsAndMembers() {
        #expect(chain("x = SwiftUI.Image(\"a\").resizable()", at: "Image").links
                == ["SwiftUI.Image(\"a\")", ".resizable()"])
        #expect(chain("configuration.label\n    .colorMultiply(.black)", at: ".color").links
                == ["configuration.label", ".colorMultiply(.black)"])
        #expect(chain("model?.icon!.padding()", at: ".padding").text == "model?.icon!.padding()")
    }

    @Test func chainsGoOnAcrossConditionalCompilation() {
        let code = """
        Image("logo")
        #if os(iOS)
            .accessibilityLabel("Logo")
        #elseif os(macOS)
            .help("Logo")
        #else
        #endif
            .padding()
        Text("next")
        """
        let found = chain(code, at: "Image")
        #expect(found.links == ["Image(\"logo\")", ".accessibilityLabel(\"Logo\")", ".help(\"Logo\")", ".padding()"])
        #expect(found.text.hasSuffix(".padding()"))
        // Read backwards from a modifier in a branch, the chain is the same.
        #expect(chain(code, at: ".help").text == found.text)
        // A block that ends the chain's statement is not part of it.
        let statements = "Image(\"a\")\n#if DEBUG\nText(\"b\")\n#endif"
        #expect(chain(statements, at: "Image").text == "Image(\"a\")")
        // A chain whose last branch ends it includes the `#endif`.
        #expect(chain("Image(\"a\")\n#if DEBUG\n.border(.red)\n#endif\nText(\"b\")", at: "Image").text
                == "Image(\"a\")\n#if DEBUG\n.border(.red)\n#endif")
    }

    @Test func statementsEndChains() {
        let code = "let a = Text(\"a\")\nImage(\"b\")\n    .onTapGesture {}\nif ok { }"
        #expect(chain(code, at: ".onTapGesture").text == "Image(\"b\")\n    .onTapGesture {}")
        #expect(chain("return isOn ? .red : .blue.opacity(0.5)", at: ".opacity").text == ".blue.opacity(0.5)")
        #expect(chain("let r = 0...count.bounds", at: ".bounds").text == "count.bounds")
    }

    @Test func containersInnermostFirst() {
        let code = """
        var body: some View {
            Label(title: { Text("t") }, icon: {
                ZStack { Image("i") }
            })
            .accessibilityHidden(true)
        }
        """
        let source = SwiftSource(code)
        let offset = Array(code.utf8).firstRange(of: Array("Image".utf8))!.lowerBound
        let summary: [String] = source.withUnsafeTables { tables in
            let structure = SwiftStructure(tables: tables)
            let anchor = structure.chain(at: offset)
            return structure.containers(of: anchor, cache: ContainerCache()).map { container in
                let head = container.chain.map { String(decoding: source.bytes[$0.head], as: UTF8.self) } ?? "-"
                let slot = String(decoding: source.bytes[container.slot], as: UTF8.self)
                let modifiers = container.chain.map { $0.modifiers.count } ?? 0
                return "\(head.prefix(6))|\(slot)|\(modifiers)"
            }
        }
        // The body of `var body` is a declaration, not a view call: no chain.
        #expect(summary == ["ZStack||0", "Label(|icon|1", "-||0"])
    }
}
