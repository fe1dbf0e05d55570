import Testing
import Foundation
@testable import A11yLint
import A11yModel

/// The walk lists folders on several threads (`FolderWalk`) and puts the result together in
/// the order one thread finds it; what it saw in each folder answers the configuration
/// discovery's and the index check's questions instead of a `stat` (`WalkedFolders`).
@Suite struct FolderWalkTests {
    /// A tree in the shapes a repository has: nested folders, files of every kind, a hard
    /// link, links to a folder and to a file, `.git` as a folder and as a file, a
    /// configuration file, `components` as a folder and as a file, skipped folders.
    func makeTree() -> TempFolder {
        let folder = TempFolder()
        for a in ["App", "Core", "specs", "zeta"] {
            for b in ["Views", "Models", "components", "Deep/Er/Still"] {
                folder.write("\(a)/\(b)/Button.swift", "let b = 1\n")
                folder.write("\(a)/\(b)/Spec.json", "{}")
                folder.write("\(a)/\(b)/notes.md", "text")
            }
        }
        folder.write("App/.a11ylint.yml", "disabled_rules: []\n")
        folder.write("Core/.git", "gitdir: elsewhere\n")
        try! FileManager.default.createDirectory(at: folder.url.appendingPathComponent("zeta/.git"),
                                                 withIntermediateDirectories: true)
        folder.write("specs/Views/components", "a file named like the folder")
        folder.write("node_modules/x/Ignored.swift", "let i = 1\n")
        folder.write(".hidden/Hidden.swift", "let h = 1\n")
        let base = folder.url.path
        link(base + "/App/Views/Button.swift", base + "/zeta/Views/Hard.swift")
        symlink(base + "/App", base + "/Core/LinkToApp")
        symlink(base + "/App/Views/Spec.json", base + "/Core/Linked.json")
        symlink(base + "/App/.a11ylint.yml", base + "/Core/Models/.a11ylint.yml")
        return folder
    }

    func walk(_ paths: [String], threads: Int, followLinks: Bool = false)
        -> (inputs: [LintInput], errors: [InputError], folders: WalkedFolders) {
        InputCollector.walk(paths, options: .init(followLinks: followLinks, threads: threads,
                                                  workingDirectory: FileStatus.currentDirectory))
    }

    @Test func manyThreadsFindWhatOneFindsInTheSameOrder() {
        let folder = makeTree()
        defer { folder.cleanUp() }
        let roots = [folder.url.path + "/zeta", folder.url.path, folder.url.path + "/App/Views/Button.swift", "no-such-folder"]
        for followLinks in [false, true] {
            let one = walk(roots, threads: 1, followLinks: followLinks)
            for threads in [2, 3, 8] {
                let many = walk(roots, threads: threads, followLinks: followLinks)
                let manyPaths: [String] = many.inputs.map { $0.path }, onePaths: [String] = one.inputs.map { $0.path }
                #expect(manyPaths == onePaths)
                let manyErrors: [String] = many.errors.map { $0.location.file + ": " + $0.message }
                let oneErrors: [String] = one.errors.map { $0.location.file + ": " + $0.message }
                #expect(manyErrors == oneErrors)
            }
        }
        // Depth first in name order; the hard link's first name counts (zeta is walked first);
        // each real file once; links to folders only when asked.
        let paths = walk(roots, threads: 2).inputs.map { $0.path.replacingOccurrences(of: folder.url.path, with: "") }
        #expect(paths.prefix(3) == ["/zeta/Deep/Er/Still/Button.swift", "/zeta/Deep/Er/Still/Spec.json",
                                    "/zeta/Models/Button.swift"])
        #expect(paths.contains("/zeta/Views/Hard.swift"))
        #expect(!paths.contains("/App/Views/Button.swift"))
        // The link's file was met under App first.
        #expect(!paths.contains("/Core/Linked.json"))
        #expect(!paths.contains { $0.contains("LinkToApp") || $0.contains("node_modules") || $0.contains(".hidden") })
        #expect(paths.count == Set(paths).count)
        // Core alone: the linked file is met there first, unless links to folders are followed
        // (`LinkToApp` comes before `Linked.json` and leads to the same file).
        let core = walk([folder.url.path + "/Core"], threads: 2).inputs.map(\.path)
        #expect(core.contains(folder.url.path + "/Core/Linked.json"))
        #expect(!core.contains { $0.contains("LinkToApp") })
        let followed = walk([folder.url.path + "/Core"], threads: 2, followLinks: true).inputs.map(\.path)
        #expect(followed.contains(folder.url.path + "/Core/LinkToApp/Views/Spec.json"))
        #expect(!followed.contains(folder.url.path + "/Core/Linked.json"))
    }

    @Test func whatAListingTellsIsWhatStatAnswers() {
        let folder = makeTree()
        defer { folder.cleanUp() }
        // By absolute path, and by the path as walked (relative to the working directory).
        let depth = FileStatus.currentDirectory.split(separator: "/").count
        let relative = String(repeating: "../", count: depth) + folder.url.path.dropFirst()
        for root in [folder.url.path, folder.url.path + "/", relative] {
            let walked = walk([root], threads: 2)
            var folders: [String] = []
            let enumerator = FileManager.default.enumerator(atPath: folder.url.path)!
            while let name = enumerator.nextObject() as? String {
                var isFolder: ObjCBool = false
                if FileManager.default.fileExists(atPath: folder.url.path + "/" + name, isDirectory: &isFolder), isFolder.boolValue {
                    folders.append(folder.url.path + "/" + name)
                }
            }
            var answered = 0
            for path in [folder.url.path] + folders {
                for (name, key) in [(".git", \FolderFacts.git), (ConfigurationFile.fileName, \.configuration),
                                    ("components", \.components)] {
                    let truth = FileStatus.of(path + "/" + name)
                    let answer = walked.folders.status(of: key, inFolder: walked.folders.number(of: path), path: path + "/" + name)
                    #expect(answer == truth, "\(path) \(name)")
                    if walked.folders.entry(key, in: path) != nil { answered += 1 }
                }
            }
            // Every folder the walk listed answers from its listing, but for the link named
            // like the configuration file (a link is looked at).
            #expect(answered > 40)
            #expect(walked.folders.entry(\FolderFacts.configuration, in: folder.url.path + "/Core/Models") == nil)
            #expect(walked.folders.entry(\FolderFacts.git, in: folder.url.path + "/Core") == .other)
            #expect(walked.folders.entry(\FolderFacts.git, in: folder.url.path + "/zeta") == .folder)
            #expect(walked.folders.entry(\FolderFacts.components, in: folder.url.path + "/specs/Views") == .other)
            #expect(walked.folders.entry(\FolderFacts.components, in: folder.url.path + "/App/Views") == .absent)
            // Skipped folders were not listed: nothing is known of them.
            #expect(walked.folders.entry(\FolderFacts.git, in: folder.url.path + "/node_modules") == nil)
        }
    }

    @Test func discoveryFromTheListingsIsDiscoveryFromStat() {
        let folder = makeTree()
        defer { folder.cleanUp() }
        let walked = walk([folder.url.path], threads: 2)
        var fromListings = ConfigurationDiscovery(folders: walked.folders)
        var fromStat = ConfigurationDiscovery()
        for input in walked.inputs {
            let parent = PathScope.parent(ofStandard: input.path)
            let listed = fromListings.files(inStandard: parent), statted = fromStat.files(inStandard: parent)
            #expect(listed == statted, "\(input.path)")
        }
        let app = fromListings.files(inStandard: folder.url.path + "/App/Views")
        #expect(app.last == folder.url.path + "/App/.a11ylint.yml")
        // `Core` holds `.git` (a file, as in a worktree): the discovery stops there, and the
        // link named like the configuration file below it counts.
        let core = fromListings.files(inStandard: folder.url.path + "/Core/Models")
        #expect(core == [folder.url.path + "/Core/Models/.a11ylint.yml"])
    }
}
